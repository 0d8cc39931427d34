import type { Kysely } from 'kysely';

/**
 * An optional English title next to the one the entrant wrote: English pages show it, so a film titled in
 * Chinese still reads as a title to an English visitor. Null when the entrant gave none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entries').addColumn('title_en', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entries').dropColumn('title_en').execute();
}
