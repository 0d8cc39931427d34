import type { Db } from '../database';

export async function listExhibitions(db: Db, opts: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('exhibitions')
      .selectAll()
      .orderBy('sort', 'asc')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute(),
    db
      .selectFrom('exhibitions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findExhibition(db: Db, id: number) {
  return db.selectFrom('exhibitions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ids of every exhibition, for the sitemap. */
export function listExhibitionIds(db: Db) {
  return db.selectFrom('exhibitions').select('id').execute();
}
