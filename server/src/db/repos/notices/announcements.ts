import type { Db } from '../../database';

/** SQL of the organiser's announcements (their mails are in notice_mailings, keyed "announcement:<id>"). */
export function insertAnnouncement(db: Db, row: { audience: string; i18n: string; created_by: number; created_at: string }) {
  return db.insertInto('announcements').values(row).returning('id').executeTakeFirstOrThrow();
}

export function findAnnouncement(db: Db, id: number) {
  return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAnnouncements(db: Db, limit: number) {
  return db.selectFrom('announcements').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
