import type { Kysely } from 'kysely';
import { idColumn, idType } from './helpers';

/**
 * The console's audit log: every staff write (who, when, which route and target, before/after where kept, from
 * which address). Entry reviews and vote voids keep their own tables; the log's reader joins them in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', idType(db), idColumn(db))
    // The record stays when the staff account is later removed.
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_at').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
