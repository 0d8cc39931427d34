import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

/** Transcoding jobs of the media pipeline: one per entry film, leased by one worker at a time. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_jobs')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('entry_id', 'integer', (c) => c.notNull().unique().references('entries.id').onDelete('cascade'))
    .addColumn('source_path', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('output', 'text')
    .addColumn('hls_url', 'text')
    .addColumn('mp4_url', 'text')
    .addColumn('poster_url', 'text')
    .addColumn('preview_url', 'text')
    .addColumn('duration', 'real')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('media_jobs_claim_idx').on('media_jobs').columns(['status', 'next_run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_jobs').execute();
}
