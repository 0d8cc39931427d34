import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

/**
 * The record of personal-data erasures: whose account (by id only, since the address is gone), who asked
 * (null: the person themselves; else the organiser's account), when, and what was removed as counts (JSON).
 * It holds nothing that names the person, so it can be kept as the organiser's proof of having complied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('erasures')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('admin_id', 'integer')
    .addColumn('counts', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('erasures_created_at').on('erasures').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('erasures').execute();
}
