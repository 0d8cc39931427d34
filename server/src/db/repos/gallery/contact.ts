import type { Insertable } from 'kysely';
import type { Db } from '../../database';
import type { ContactMessagesTable, ScamReportsTable } from '../../schema/gallery';

export async function insertContactMessage(db: Db, row: Insertable<ContactMessagesTable>): Promise<number> {
  const r = await db.insertInto('contact_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function deleteContactMessage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('contact_messages').where('id', '=', id).execute();
}

export async function insertScamReport(db: Db, row: Insertable<ScamReportsTable>): Promise<void> {
  await db.insertInto('scam_reports').values(row).execute();
}

export async function listScamTips(db: Db) {
  return db.selectFrom('scam_tips').select(['id', 'i18n']).orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}
