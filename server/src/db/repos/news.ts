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

/** The nearest published item newer (`>`) or older (`<`) than one, ties broken by id. */
function nearestPublished(db: Db, publishedAt: string, id: number, side: '<' | '>') {
  const direction = side === '>' ? 'asc' : 'desc';
  return db
    .selectFrom('news')
    .select(['id', 'i18n'])
    .where('status', '=', 'published')
    .where((eb) => eb.or([eb('published_at', side, publishedAt), eb.and([eb('published_at', '=', publishedAt), eb('id', side, id)])]))
    .orderBy('published_at', direction)
    .orderBy('id', direction)
    .limit(1)
    .executeTakeFirst();
}

/** The neighbours of an item in the published order (newest first), for previous/next links. */
export async function findNewsNeighbours(db: Db, publishedAt: string, id: number) {
  const [newer, older] = await Promise.all([nearestPublished(db, publishedAt, id, '>'), nearestPublished(db, publishedAt, id, '<')]);
  return { newer, older };
}

/** Ids of every published item, for the sitemap. */
export function listPublishedNewsIds(db: Db) {
  return db.selectFrom('news').select('id').where('status', '=', 'published').execute();
}
