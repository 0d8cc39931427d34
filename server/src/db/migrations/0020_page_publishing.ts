import { type Kysely, sql } from 'kysely';

/**
 * The organiser's pages (contest details, about us, special thanks) get a publish switch: `published_at` is
 * null while a page is a draft. Pages that exist already (written by the demo seed or the console) were
 * public before this column, so they stay published.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pages').addColumn('published_at', 'text').execute();
  await sql`update pages set published_at = updated_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pages').dropColumn('published_at').execute();
}
