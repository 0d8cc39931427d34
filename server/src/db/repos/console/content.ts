import type { Db } from '../../database';

/** The content tables the console edits row by row (pages are keyed by slug, see pages.ts in this folder). */
export type ContentTable = 'news' | 'jury_members' | 'exhibitions' | 'sponsors' | 'templates' | 'scam_tips';
type Row = Record<string, unknown>;

// Kysely's types are per table; these helpers take the table as a value, so they talk in plain rows.
const anyDb = (db: Db) => db as unknown as import('kysely').Kysely<Record<ContentTable, Row>>;

export async function listContent(db: Db, table: ContentTable, opts: { offset: number; limit: number; where?: Row; orderBy: [string, 'asc' | 'desc'][] }) {
  let base = anyDb(db).selectFrom(table);
  for (const [k, v] of Object.entries(opts.where ?? {})) if (v !== undefined) base = base.where(k as never, '=', v as never);
  let q = base.selectAll();
  for (const [col, dir] of opts.orderBy) q = q.orderBy(col as never, dir);
  const [rows, count] = await Promise.all([
    q.offset(opts.offset).limit(opts.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as Row[], total: Number((count as { n: number }).n) };
}

export function findContent(db: Db, table: ContentTable, id: number) {
  return anyDb(db)
    .selectFrom(table)
    .selectAll()
    .where('id' as never, '=', id as never)
    .executeTakeFirst() as Promise<Row | undefined>;
}

export async function insertContent(db: Db, table: ContentTable, values: Row): Promise<number> {
  const row = await anyDb(db)
    .insertInto(table)
    .values(values as never)
    .returning('id' as never)
    .executeTakeFirstOrThrow();
  return Number((row as Row).id);
}

export async function updateContent(db: Db, table: ContentTable, id: number, values: Row): Promise<boolean> {
  const res = await anyDb(db)
    .updateTable(table)
    .set(values as never)
    .where('id' as never, '=', id as never)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteContent(db: Db, table: ContentTable, id: number): Promise<boolean> {
  const res = await anyDb(db)
    .deleteFrom(table)
    .where('id' as never, '=', id as never)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export function findPage(db: Db, slug: string) {
  return db.selectFrom('pages').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Writes a page's texts; a new page starts as a draft, and saving never changes whether a page is published. */
export async function upsertPage(db: Db, row: { slug: string; i18n: string; extra: string; updated_at: string }) {
  await db
    .insertInto('pages')
    .values({ slug: row.slug, i18n: row.i18n, extra: row.extra, updated_at: row.updated_at, published_at: null })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ i18n: row.i18n, extra: row.extra, updated_at: row.updated_at }))
    .execute();
}

/** Publishes (a time) or unpublishes (null) a written page; the number of rows changed (0: no such page). */
export async function setPagePublishedAt(db: Db, slug: string, publishedAt: string | null): Promise<number> {
  const res = await db.updateTable('pages').set({ published_at: publishedAt }).where('slug', '=', slug).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function listPages(db: Db) {
  return db.selectFrom('pages').selectAll().orderBy('slug').execute();
}
