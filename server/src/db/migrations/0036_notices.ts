import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

/**
 * Reminders and announcements. `announcements` keeps what the organiser wrote and to whom; `notice_mailings`
 * has one row per notice and recipient (`notice` is a reminder kind or "announcement:<id>"), unique on the
 * pair, so a person is mailed once per notice however many senders run. A row is claimed before its mail
 * goes out; a refused address is tried a few times, then marked failed with the server's answer. The results
 * mails get the same attempt count and failure columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('i18n', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('notice_mailings')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('notice', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('last_error', 'text')
    .addUniqueConstraint('notice_mailings_notice_user', ['notice', 'user_id'])
    .execute();
  await db.schema.createIndex('notice_mailings_open').on('notice_mailings').columns(['sent_at', 'failed_at', 'id']).execute();
  await db.schema
    .alterTable('results_mailings')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('results_mailings').addColumn('failed_at', 'text').execute();
  await db.schema.alterTable('results_mailings').addColumn('last_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('results_mailings').dropColumn('last_error').execute();
  await db.schema.alterTable('results_mailings').dropColumn('failed_at').execute();
  await db.schema.alterTable('results_mailings').dropColumn('attempts').execute();
  await db.schema.dropTable('notice_mailings').execute();
  await db.schema.dropTable('announcements').execute();
}
