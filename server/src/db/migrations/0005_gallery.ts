import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

/** Votes (the unique slot enforces the voting rule), their audit log, captchas, contact and scam tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('votes')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('voter_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('votes_entry_idx').on('votes').column('entry_id').execute();

  await db.schema
    .createTable('vote_audit')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('voter_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vote_audit_ip_idx').on('vote_audit').columns(['ip', 'outcome', 'created_at']).execute();
  await db.schema.createIndex('vote_audit_entry_idx').on('vote_audit').columns(['entry_id', 'created_at']).execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('scam_tips')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('i18n', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('scam_reports')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('happened_on', 'text', (c) => c.notNull())
    .addColumn('contact', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['scam_reports', 'scam_tips', 'contact_messages', 'captchas', 'vote_audit', 'votes']) await db.schema.dropTable(t).execute();
}
