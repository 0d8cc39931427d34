import type { Db } from '../database';

export async function listPublishedNews(db: Db, opts: { offset: number; limit: number; category?: string }) {
  let base = db.selectFrom('news').where('status', '=', 'published');
  if (opts.category) base = base.where('category', '=', opts.category);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('published_at', 'desc').orderBy('sort', 'desc').orderBy('id', 'desc').offset(opts.offset).limit(opts.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findPublishedNews(db: Db, id: number) {
  return db.selectFrom('news').selectAll().where('id', '=', id).where('status', '=', 'published').executeTakeFirst();
}

/** The neighbours of an item in the published order (newest first), for previous/next links. */
export async function findNewsNeighbours(db: Db, publishedAt: string, id: number) {
  const newer = await db
    .selectFrom('news')
    .select(['id', 'i18n'])
    .where('status', '=', 'published')
    .where((eb) => eb.or([eb('published_at', '>', publishedAt), eb.and([eb('published_at', '=', publishedAt), eb('id', '>', id)])]))
    .orderBy('published_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  const older = await db
    .selectFrom('news')
    .select(['id', 'i18n'])
    .where('status', '=', 'published')
    .where((eb) => eb.or([eb('published_at', '<', publishedAt), eb.and([eb('published_at', '=', publishedAt), eb('id', '<', id)])]))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { newer, older };
}
