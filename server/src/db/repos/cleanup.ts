import type { Db } from '../database';

/** SQL behind the orphaned-file sweep: everything that may name a file under /media/, and the upload ids. */

/** Every content row and setting as text: a content image or exhibition video is in use when its address appears here. */
export async function contentTexts(db: Db): Promise<string[]> {
  const tables = ['news', 'jury_members', 'exhibitions', 'sponsors', 'pages', 'templates', 'settings'] as const;
  const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
  return rows.flat().map((row) => JSON.stringify(row));
}

/** Ids of every upload row (their originals are kept, whatever their state). */
export async function uploadIds(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('uploads').select('id').execute()).map((r) => r.id));
}

/** Published exhibition videos uploaded since `since`: an organiser may not have saved the exhibition yet. */
export async function recentExhibitionVideoUrls(db: Db, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('public_url')
    .where('purpose', '=', 'exhibitionVideo')
    .where('updated_at', '>=', since)
    .where('public_url', 'is not', null)
    .execute();
  return rows.map((r) => r.public_url as string);
}
