import type { Db } from '../database';

export function listTemplates(db: Db) {
  return db.selectFrom('templates').selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}
