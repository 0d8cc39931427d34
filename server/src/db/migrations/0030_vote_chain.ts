import type { Kysely } from 'kysely';

/**
 * A vote anyone can check. Each committed batch of votes is one `vote_chain` link: its number, the hash of
 * the link before and a SHA-256 over its rows; `vote_chain_rows` keeps each vote's own row hash and its
 * batch, so a verifier can name the one row that was edited, deleted or inserted. Voids stay in
 * `vote_voids` and never touch these. `vote_count_snapshots` holds the counts visitors see while the
 * organiser shows them delayed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vote_chain')
    .addColumn('batch', 'integer', (c) => c.primaryKey())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('votes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('vote_chain_rows')
    .addColumn('vote_id', 'integer', (c) => c.primaryKey())
    .addColumn('batch', 'integer', (c) => c.notNull())
    .addColumn('row_hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vote_chain_rows_batch_idx').on('vote_chain_rows').columns(['batch', 'vote_id']).execute();
  await db.schema
    .createTable('vote_count_snapshots')
    .addColumn('entry_id', 'integer', (c) => c.primaryKey())
    .addColumn('vote_count', 'integer', (c) => c.notNull())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vote_count_snapshots').execute();
  await db.schema.dropTable('vote_chain_rows').execute();
  await db.schema.dropTable('vote_chain').execute();
}
