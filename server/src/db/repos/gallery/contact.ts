import type { Db } from '../../database';

export async function insertContactMessage(db: Db, row: { name: string; email: string; content: string; locale: string; ip: string; at: string }) {
  const r = await db
    .insertInto('contact_messages')
    .values({ name: row.name, email: row.email, content: row.content, locale: row.locale, ip: row.ip, created_at: row.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function deleteContactMessage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('contact_messages').where('id', '=', id).execute();
}

export async function insertScamReport(db: Db, row: { what: string; happenedOn: string; contact: string | null; locale: string; ip: string; at: string }) {
  const r = await db
    .insertInto('scam_reports')
    .values({ what: row.what, happened_on: row.happenedOn, contact: row.contact, locale: row.locale, ip: row.ip, created_at: row.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function listScamTips(db: Db) {
  return db.selectFrom('scam_tips').select(['id', 'i18n']).orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}
