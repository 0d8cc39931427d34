import type { Db } from '../../database';

export function scoresOfJuror(db: Db, jurorId: number) {
  return db.selectFrom('jury_scores').select(['entry_id', 'criterion_id', 'score']).where('juror_id', '=', jurorId).execute();
}

export function reviewsOfJuror(db: Db, jurorId: number) {
  return db.selectFrom('jury_reviews').select(['entry_id', 'comment', 'recused']).where('juror_id', '=', jurorId).execute();
}

/** Replaces a juror's sheet for one entry (scores and comment) inside the caller's transaction. */
export async function writeSheet(db: Db, jurorId: number, entryId: number, scores: { criterionId: number; score: number }[], comment: string, at: string) {
  await db.deleteFrom('jury_scores').where('juror_id', '=', jurorId).where('entry_id', '=', entryId).execute();
  if (scores.length > 0) {
    await db
      .insertInto('jury_scores')
      .values(scores.map((s) => ({ juror_id: jurorId, entry_id: entryId, criterion_id: s.criterionId, score: s.score, updated_at: at })))
      .execute();
  }
  await db
    .insertInto('jury_reviews')
    .values({ juror_id: jurorId, entry_id: entryId, comment, recused: 0, updated_at: at })
    .onConflict((oc) => oc.columns(['juror_id', 'entry_id']).doUpdateSet({ comment, updated_at: at }))
    .execute();
}

/** Recusing drops the juror's scores of the entry: a conflicted score must not count, even if kept. */
export async function writeRecusal(db: Db, jurorId: number, entryId: number, recused: boolean, at: string) {
  if (recused) await db.deleteFrom('jury_scores').where('juror_id', '=', jurorId).where('entry_id', '=', entryId).execute();
  await db
    .insertInto('jury_reviews')
    .values({ juror_id: jurorId, entry_id: entryId, comment: '', recused: recused ? 1 : 0, updated_at: at })
    .onConflict((oc) => oc.columns(['juror_id', 'entry_id']).doUpdateSet({ recused: recused ? 1 : 0, updated_at: at }))
    .execute();
}

/**
 * Every score that counts: by an enabled juror, on an approved entry inside that juror's scope, not recused.
 * (A juror moved to another group keeps their old rows, which stop counting.)
 */
export function countedScores(db: Db) {
  return db
    .selectFrom('jury_scores')
    .innerJoin('jurors', 'jurors.user_id', 'jury_scores.juror_id')
    .innerJoin('users', 'users.id', 'jury_scores.juror_id')
    .innerJoin('entries', 'entries.id', 'jury_scores.entry_id')
    .leftJoin('jury_reviews', (j) => j.onRef('jury_reviews.juror_id', '=', 'jury_scores.juror_id').onRef('jury_reviews.entry_id', '=', 'jury_scores.entry_id'))
    .select(['jury_scores.juror_id', 'jury_scores.entry_id', 'jury_scores.criterion_id', 'jury_scores.score'])
    .where('users.role', '=', 'juror')
    .where('users.disabled_at', 'is', null)
    .where('entries.status', '=', 'approved')
    .where((eb) => eb.or([eb('jurors.group_scope', 'is', null), eb('jurors.group_scope', '=', eb.ref('entries.group'))]))
    .where((eb) => eb.or([eb('jury_reviews.recused', 'is', null), eb('jury_reviews.recused', '=', 0)]))
    .execute();
}

/** The score sheet for the export: juror x entry x criterion, with the juror's comment. */
export function scoreSheetRows(db: Db) {
  return db
    .selectFrom('jury_scores')
    .innerJoin('users', 'users.id', 'jury_scores.juror_id')
    .innerJoin('entries', 'entries.id', 'jury_scores.entry_id')
    .innerJoin('jury_criteria', 'jury_criteria.id', 'jury_scores.criterion_id')
    .leftJoin('jury_reviews', (j) => j.onRef('jury_reviews.juror_id', '=', 'jury_scores.juror_id').onRef('jury_reviews.entry_id', '=', 'jury_scores.entry_id'))
    .select([
      'users.email as juror_email',
      'entries.id as entry_id',
      'entries.entry_no',
      'entries.group',
      'entries.title',
      'jury_criteria.i18n as criterion_i18n',
      'jury_criteria.weight',
      'jury_scores.score',
      'jury_reviews.comment',
      'jury_scores.updated_at',
    ])
    .orderBy('users.email', 'asc')
    .orderBy('entries.id', 'asc')
    .orderBy('jury_criteria.sort', 'asc')
    .orderBy('jury_criteria.id', 'asc')
    .execute();
}
