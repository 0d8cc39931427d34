import type { Generated } from 'kysely';

/** An announcement as the organiser wrote it: `i18n` is the JSON of { [locale]: { subject, body } } (migration 0036). */
export type AnnouncementsTable = {
  id: Generated<number>;
  audience: string;
  i18n: string;
  created_by: number | null;
  created_at: string;
};

/** One notice's mail to one person: a reminder kind or "announcement:<id>", claimed before it is sent (migration 0036). */
export type NoticeMailingsTable = {
  id: Generated<number>;
  notice: string;
  user_id: number;
  created_at: string;
  claimed_at: string | null;
  attempts: Generated<number>;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
};

export type NoticeTables = { announcements: AnnouncementsTable; notice_mailings: NoticeMailingsTable };
