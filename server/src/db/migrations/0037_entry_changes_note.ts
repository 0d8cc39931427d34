import type { Kysely } from 'kysely';

/**
 * What the reviewer asked the entrant to change when they sent an entry back ('changesRequested'); kept
 * apart from the rejection reason, since a changed entry goes back to review and may still be rejected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entries').addColumn('changes_note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entries').dropColumn('changes_note').execute();
}
