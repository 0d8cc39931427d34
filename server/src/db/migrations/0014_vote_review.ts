import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

/**
 * Fraud signals and review by rule. Each vote keeps the signals seen when it was cast (JSON: address and
 * subnet votes in the hour before, challenge solve time, user-agent family, entry page viewed first, votes
 * on the entry in the minute before) and the risk score they gave. An organiser's void or restore by rule is
 * one `vote_review_actions` row (who, when, rule, reason, how many); each void names the action behind it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('votes')
    .addColumn('risk', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('votes').addColumn('signals', 'text').execute();
  await db.schema.createIndex('votes_entry_time_idx').on('votes').columns(['entry_id', 'created_at']).execute();
  await db.schema
    .createTable('vote_review_actions')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vote_review_actions_entry_idx').on('vote_review_actions').columns(['entry_id', 'created_at']).execute();
  await db.schema.alterTable('vote_voids').addColumn('action_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vote_voids').dropColumn('action_id').execute();
  await db.schema.dropTable('vote_review_actions').execute();
  await db.schema.dropIndex('votes_entry_time_idx').execute();
  await db.schema.alterTable('votes').dropColumn('signals').execute();
  await db.schema.alterTable('votes').dropColumn('risk').execute();
}
