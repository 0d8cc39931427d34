import type { Kysely } from 'kysely';

/** Schema of the submission area: the uploads that entries reference. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('uploading'))
    .addColumn('storage_key', 'text')
    .addColumn('public_url', 'text')
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('entry_id', 'integer', (c) => c.references('entries.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').column('user_id').execute();
  await db.schema.createIndex('uploads_entry_idx').on('uploads').column('entry_id').execute();
  await db.schema.createIndex('uploads_status_idx').on('uploads').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
