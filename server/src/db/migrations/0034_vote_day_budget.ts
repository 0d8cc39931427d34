import type { Kysely } from 'kysely';

/**
 * "N votes a day in all": each counted vote under that rule also takes one of its voter's N keys for the day
 * (`t:<voter>:<day>#k`). The primary key refuses a key twice, so parallel votes cannot overspend the day, as
 * the unique `votes.slot` already keeps one vote per entry and day. `vote_id` names the vote that took it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vote_day_budget')
    .addColumn('slot', 'text', (c) => c.primaryKey())
    .addColumn('vote_id', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vote_day_budget').execute();
}
