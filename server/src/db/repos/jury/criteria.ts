import type { Db } from '../../database';

export function listCriteria(db: Db) {
  return db.selectFrom('jury_criteria').selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}

export function insertCriterion(db: Db, row: { weight: number; sort: number; i18n: string; created_at: string }) {
  return db.insertInto('jury_criteria').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateCriterion(db: Db, id: number, set: { weight: number; sort: number; i18n: string }) {
  return db.updateTable('jury_criteria').set(set).where('id', '=', id).executeTakeFirst();
}

export function deleteCriterion(db: Db, id: number) {
  return db.deleteFrom('jury_criteria').where('id', '=', id).executeTakeFirst();
}

export function findCriterion(db: Db, id: number) {
  return db.selectFrom('jury_criteria').selectAll().where('id', '=', id).executeTakeFirst();
}
