import type { Db } from '../database';

export function findPage(db: Db, slug: string) {
  return db.selectFrom('pages').selectAll().where('slug', '=', slug).executeTakeFirst();
}
