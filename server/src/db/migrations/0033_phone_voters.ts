import type { Kysely } from 'kysely';

/**
 * Voting codes go by text message as well as by mail: one table for both, keyed by the channel and a keyed
 * hash of the canonical identity (the mailbox, or the E.164 number), so the limits and the tries are the same
 * machinery. A texted code costs the organiser money, so each code also keeps the subnet (/24 IPv4, /48 IPv6)
 * that asked for it, and the sends of one network in the hour can be counted on every instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voter_codes').renameColumn('email_hash', 'identity_hash').execute();
  await db.schema
    .alterTable('voter_codes')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email'))
    .execute();
  await db.schema.alterTable('voter_codes').addColumn('subnet', 'text').execute();
  await db.schema.createIndex('voter_codes_subnet_idx').on('voter_codes').columns(['channel', 'subnet', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('voter_codes_subnet_idx').execute();
  await db.schema.alterTable('voter_codes').dropColumn('subnet').execute();
  await db.schema.alterTable('voter_codes').dropColumn('channel').execute();
  await db.schema.alterTable('voter_codes').renameColumn('identity_hash', 'email_hash').execute();
}
