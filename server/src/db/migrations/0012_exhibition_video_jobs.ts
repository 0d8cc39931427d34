import type { Kysely } from 'kysely';

/**
 * The exhibition-video conversion becomes a durable job on its upload row: a media worker (the server's or
 * `npm run worker`) leases it (`locked_by` until `locked_until`, renewed while it runs) and counts `attempts`,
 * so a conversion whose worker dies is taken again after the lease and published once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('uploads').addColumn('locked_by', 'text').execute();
  await db.schema.alterTable('uploads').addColumn('locked_until', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['locked_until', 'locked_by', 'attempts']) await db.schema.alterTable('uploads').dropColumn(column).execute();
}
