import type { Db } from '../database';

export function listJuryMembers(db: Db) {
  return db.selectFrom('jury_members').selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}
