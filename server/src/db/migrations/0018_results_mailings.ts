import type { Kysely } from 'kysely';

/**
 * One row per entry whose entrant is being or has been sent the results mail. The row is claimed (inserted)
 * before the mail goes out, so two publishes at once (a double click, two instances) never mail anyone twice;
 * `sent_at` is set once the mail is accepted. A claim left without `sent_at` by a process that died is taken
 * over after a while (services/jury/results.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('results_mailings')
    .addColumn('entry_id', 'integer', (c) => c.primaryKey().references('entries.id').onDelete('cascade'))
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('results_mailings').execute();
}
