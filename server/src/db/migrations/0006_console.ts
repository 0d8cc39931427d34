import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

/** Schema of the console area: review history of entries, voided votes, handled inbox items. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('entry_reviews')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    // The decision stays in the history even if the organiser's account is later deleted.
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entry_reviews_entry_idx').on('entry_reviews').columns(['entry_id', 'created_at']).execute();

  await db.schema
    .createTable('vote_voids')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('vote_id', 'integer', (c) => c.notNull().unique().references('votes.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('inbox_handled')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reply', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('inbox_handled_item_uq', ['kind', 'item_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['inbox_handled', 'vote_voids', 'entry_reviews']) await db.schema.dropTable(t).execute();
}
