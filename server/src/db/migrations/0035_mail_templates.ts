import type { Kysely } from 'kysely';

/**
 * The organiser's own texts of the product's mails, one row per mail kind: `i18n` is the JSON of
 * { [locale]: { subject, body } } as the console saved it. A kind without a row, or a locale left empty,
 * is sent with the default text, so an empty install mails as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_templates')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('i18n', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_templates').execute();
}
