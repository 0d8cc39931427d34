import type { Db } from '../../database';

/** SQL of the organiser's mail texts: one row per kind, written whole. */

export function findMailTemplate(db: Db, kind: string) {
  return db.selectFrom('mail_templates').selectAll().where('kind', '=', kind).executeTakeFirst();
}

export function listMailTemplates(db: Db) {
  return db.selectFrom('mail_templates').selectAll().execute();
}

export async function saveMailTemplate(db: Db, row: { kind: string; i18n: string; updated_at: string }): Promise<void> {
  await db
    .insertInto('mail_templates')
    .values(row)
    .onConflict((oc) => oc.column('kind').doUpdateSet({ i18n: row.i18n, updated_at: row.updated_at }))
    .execute();
}

export async function deleteMailTemplate(db: Db, kind: string): Promise<void> {
  await db.deleteFrom('mail_templates').where('kind', '=', kind).execute();
}
