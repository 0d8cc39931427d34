import { Code } from '../../../../common/errors';
import type { CriterionForJuror, JudgingState, JuryEntryDetail, JuryEntryStatus, JuryEntrySummary, JuryProgress } from '../../../../common/jury/api-types';
import type { ScoreSheetInput } from '../../../../common/jury/schemas';
import type { Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import { findAssignedEntry, listAssignedEntries } from '../../db/repos/entries/repository';
import { listCriteria } from '../../db/repos/jury/criteria';
import { findJuror } from '../../db/repos/jury/jurors';
import { reviewsOfJuror, scoresOfJuror, writeRecusal, writeSheet } from '../../db/repos/jury/scores';
import { findJobByEntry } from '../../db/repos/media';
import { AppError } from '../../errors';
import { localize } from '../content/localize';
import { jurorEntry, jurorSummary } from '../entries/presenter';
import { presentEntryAnswers } from '../entry-form/present-answers';
import { judgingWindow, readJurySettings } from './settings';

/** The juror's scope (null: every group); anyone else is refused (7105) even with a valid session. */
export async function jurorScope(db: Db, userId: number): Promise<string | null> {
  const juror = await findJuror(db, userId);
  if (juror?.role !== 'juror' || juror.disabled_at) throw new AppError(Code.JurorRequired);
  return juror.group_scope;
}

type Sheet = { scored: Set<number>; recused: Set<number>; scores: Map<number, Record<string, number>>; comments: Map<number, string> };

/** One juror's sheets: which entries are fully scored on the current criteria, recused, and the values. */
async function sheetsOf(db: Db, userId: number, criterionIds: number[]): Promise<Sheet> {
  const [scores, reviews] = await Promise.all([scoresOfJuror(db, userId), reviewsOfJuror(db, userId)]);
  const byEntry = new Map<number, Record<string, number>>();
  for (const s of scores) byEntry.set(s.entry_id, { ...byEntry.get(s.entry_id), [String(s.criterion_id)]: s.score });
  const recused = new Set(reviews.filter((r) => Number(r.recused) === 1).map((r) => r.entry_id));
  const scored = new Set(
    [...byEntry]
      .filter(([id, sheet]) => !recused.has(id) && criterionIds.length > 0 && criterionIds.every((c) => sheet[String(c)] !== undefined))
      .map(([id]) => id),
  );
  return { scored, recused, scores: byEntry, comments: new Map(reviews.map((r) => [r.entry_id, r.comment])) };
}

const stateOf = (sheet: Sheet, id: number): JuryEntryStatus => (sheet.recused.has(id) ? 'recused' : sheet.scored.has(id) ? 'scored' : 'todo');

/** Assigned, fully scored and recused counts of one juror (also the organiser's progress table). */
export async function progressOf(db: Db, userId: number, group: string | null, criterionIds: number[]): Promise<JuryProgress> {
  const [entries, sheet] = await Promise.all([listAssignedEntries(db, group), sheetsOf(db, userId, criterionIds)]);
  const ids = entries.map((e) => e.id);
  return { assigned: ids.length, scored: ids.filter((id) => sheet.scored.has(id)).length, recused: ids.filter((id) => sheet.recused.has(id)).length };
}

function criteriaFor(rows: Awaited<ReturnType<typeof listCriteria>>, locale: Locale): CriterionForJuror[] {
  return rows.map((c) => ({ id: c.id, weight: c.weight, name: localize<{ name: string }>(c.i18n, locale, ['name']).name }));
}

export async function judgingState(ctx: AppContext, userId: number): Promise<JudgingState> {
  const group = await jurorScope(ctx.db, userId);
  const [window, settings, criteria] = await Promise.all([judgingWindow(ctx.db), readJurySettings(ctx.db), listCriteria(ctx.db)]);
  return {
    locked: window.locked,
    judging: window.judging,
    blind: settings.blind,
    progress: await progressOf(
      ctx.db,
      userId,
      group,
      criteria.map((c) => c.id),
    ),
  };
}

type AssignedEntryRow = Awaited<ReturnType<typeof listAssignedEntries>>[number];

export async function myEntries(ctx: AppContext, userId: number): Promise<JuryEntrySummary[]> {
  const group = await jurorScope(ctx.db, userId);
  const [rows, settings, criteria] = await Promise.all([listAssignedEntries(ctx.db, group), readJurySettings(ctx.db), listCriteria(ctx.db)]);
  const sheet = await sheetsOf(
    ctx.db,
    userId,
    criteria.map((c) => c.id),
  );
  return rows.map((r) => jurorSummary(r, settings.blind, stateOf(sheet, r.id)));
}

/** An entry assigned to the juror, or 7102 (the same answer whether it exists or not). */
async function assignedEntry(db: Db, userId: number, entryId: number): Promise<AssignedEntryRow> {
  const group = await jurorScope(db, userId);
  const row = await findAssignedEntry(db, group, entryId);
  if (!row) throw new AppError(Code.JuryEntryNotAssigned);
  return row;
}

export async function myEntry(ctx: AppContext, userId: number, entryId: number, locale: Locale): Promise<JuryEntryDetail> {
  const row = await assignedEntry(ctx.db, userId, entryId);
  const [settings, criteria, window, job] = await Promise.all([
    readJurySettings(ctx.db),
    listCriteria(ctx.db),
    judgingWindow(ctx.db),
    findJobByEntry(ctx.db, entryId),
  ]);
  const sheet = await sheetsOf(
    ctx.db,
    userId,
    criteria.map((c) => c.id),
  );
  return {
    ...jurorEntry(row, settings.blind, stateOf(sheet, row.id), job, await presentEntryAnswers(ctx.db, row.id, { audience: 'juror', locale })),
    criteria: criteriaFor(criteria, locale),
    scores: sheet.scores.get(row.id) ?? {},
    comment: sheet.comments.get(row.id) ?? '',
    recused: sheet.recused.has(row.id),
    locked: window.locked,
  };
}

/** Sheets are written only inside the judging phase: not before it (nor while none is planned), not after it. */
async function assertOpen(db: Db): Promise<void> {
  const window = await judgingWindow(db);
  if (window.locked) throw new AppError(Code.JuryScoresLocked);
  if (!window.open) throw new AppError(Code.JudgingNotOpen);
}

/** Saves a complete sheet: every current criterion scored 1-10 (7104), only during the judging phase (7116 before it, 7101 after). */
export async function saveSheet(ctx: AppContext, userId: number, entryId: number, input: ScoreSheetInput): Promise<void> {
  await assignedEntry(ctx.db, userId, entryId);
  await assertOpen(ctx.db);
  const criteria = await listCriteria(ctx.db);
  if (criteria.length === 0) throw new AppError(Code.JuryNoCriteria);
  const given = Object.keys(input.scores);
  const ids = criteria.map((c) => String(c.id));
  if (given.length !== ids.length || !ids.every((id) => input.scores[id] !== undefined)) {
    throw new AppError(Code.JuryScoreRange, { fields: { scores: Code.JuryScoreRange } });
  }
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const sheet = await reviewsOfJuror(trx, userId);
    if (sheet.some((r) => r.entry_id === entryId && Number(r.recused) === 1)) throw new AppError(Code.JuryRecused);
    await writeSheet(
      trx,
      userId,
      entryId,
      criteria.map((c) => ({ criterionId: c.id, score: input.scores[String(c.id)] as number })),
      input.comment,
      now,
    );
  });
}

/** Recusal (a conflict of interest): the juror's scores of the entry are dropped and stop counting. */
export async function setRecusal(ctx: AppContext, userId: number, entryId: number, recused: boolean): Promise<void> {
  await assignedEntry(ctx.db, userId, entryId);
  await assertOpen(ctx.db);
  await ctx.db.transaction().execute((trx) => writeRecusal(trx, userId, entryId, recused, nowIso()));
}
