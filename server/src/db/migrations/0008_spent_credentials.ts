import type { Kysely } from 'kysely';

/**
 * Upload credentials already spent. A row is written in the same transaction as the upload it creates; the
 * primary key on the credential's nonce refuses a second upload with the same credential, even in parallel.
 * A row outlives its upload (a cancelled upload must not free its credential) until the credential expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spent_credentials')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spent_credentials_expires_idx').on('spent_credentials').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('spent_credentials').execute();
}
