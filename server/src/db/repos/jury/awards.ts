import type { Db } from '../../database';

export function listAwards(db: Db) {
  return db.selectFrom('jury_awards').selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}

export function insertAward(db: Db, row: { sort: number; i18n: string; created_at: string }) {
  return db.insertInto('jury_awards').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateAward(db: Db, id: number, set: { sort: number; i18n: string }) {
  return db.updateTable('jury_awards').set(set).where('id', '=', id).executeTakeFirst();
}

export function deleteAward(db: Db, id: number) {
  return db.deleteFrom('jury_awards').where('id', '=', id).executeTakeFirst();
}

export function findAward(db: Db, id: number) {
  return db.selectFrom('jury_awards').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setEntryAward(db: Db, entryId: number, awardId: number | null, at: string) {
  await db.deleteFrom('jury_award_entries').where('entry_id', '=', entryId).execute();
  if (awardId !== null) await db.insertInto('jury_award_entries').values({ entry_id: entryId, award_id: awardId, assigned_at: at }).execute();
}

export function listAwardedEntries(db: Db) {
  return db
    .selectFrom('jury_award_entries')
    .innerJoin('jury_awards', 'jury_awards.id', 'jury_award_entries.award_id')
    .select(['jury_award_entries.entry_id', 'jury_awards.id as award_id', 'jury_awards.i18n', 'jury_awards.sort'])
    .execute();
}
