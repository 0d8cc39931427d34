import type { Kysely } from 'kysely';

/**
 * Entries lose `video_url`. It was a second place a film could be played from, set only by the demo seed:
 * a submitted film, whose renditions live in media_jobs, never reached the player that read it. Every film
 * now plays from its media job, seeded or submitted. (Demo entries of an older database keep their job-less
 * clips on disk; re-seed from an empty DATA_DIR to get demo films again.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entries').dropColumn('video_url').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entries').addColumn('video_url', 'text').execute();
}
