import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

/**
 * The svg captcha gives way to a proof-of-work challenge (ALTCHA). A challenge is signed and carries its own
 * expiry and difficulty, so nothing is stored when one is issued; its signature goes into `spent_challenges`
 * when it is used, and the primary key refuses a second use on every instance. Audit rows get the voter's
 * subnet (/24 IPv4, /48 IPv6), whose counted votes in the hour raise the difficulty like the address's own,
 * and a label for the organiser (an e-mail voter's masked address). `voter_codes` keeps the 6-digit codes of
 * e-mail voting: only keyed hashes of the address and of the code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captchas').execute();
  await db.schema
    .createTable('spent_challenges')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spent_challenges_expires_idx').on('spent_challenges').column('expires_at').execute();
  await db.schema.alterTable('vote_audit').addColumn('subnet', 'text').execute();
  await db.schema.createIndex('vote_audit_subnet_idx').on('vote_audit').columns(['subnet', 'outcome', 'created_at']).execute();
  await db.schema.alterTable('vote_audit').addColumn('voter_label', 'text').execute();
  await db.schema
    .createTable('voter_codes')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('voter_codes_email_idx').on('voter_codes').columns(['email_hash', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voter_codes').execute();
  await db.schema.alterTable('vote_audit').dropColumn('voter_label').execute();
  await db.schema.dropIndex('vote_audit_subnet_idx').execute();
  await db.schema.alterTable('vote_audit').dropColumn('subnet').execute();
  await db.schema.dropTable('spent_challenges').execute();
  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
