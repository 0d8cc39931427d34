import type { Db } from '../database';

export function listSponsors(db: Db) {
  return db.selectFrom('sponsors').selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}
