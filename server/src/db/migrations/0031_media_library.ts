import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

/**
 * The console's media library: images the organiser uploads once and places in the bodies of news items,
 * pages and exhibitions. A row names the checked, re-encoded public copy; the body stores only its address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_library')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_library_created_at').on('media_library').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_library').execute();
}
