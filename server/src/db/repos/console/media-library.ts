import type { Db } from '../../database';

/** Rows of the media library, newest first. */
export function listLibraryImages(db: Db) {
  return db.selectFrom('media_library').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findLibraryImage(db: Db, id: number) {
  return db.selectFrom('media_library').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertLibraryImage(
  db: Db,
  row: { url: string; name: string; width: number; height: number; bytes: number; format: string; created_at: string },
): Promise<number> {
  const { id } = await db.insertInto('media_library').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function deleteLibraryImage(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('media_library').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The texts a library image can be placed in: every news item, exhibition and page, as JSON. */
export async function articleTexts(db: Db): Promise<string[]> {
  const [news, exhibitions, pages] = await Promise.all([
    db.selectFrom('news').select('i18n').execute(),
    db.selectFrom('exhibitions').select('i18n').execute(),
    db.selectFrom('pages').select('i18n').execute(),
  ]);
  return [...news, ...exhibitions, ...pages].map((r) => r.i18n);
}
