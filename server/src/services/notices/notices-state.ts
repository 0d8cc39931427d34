import type { Locale } from '../../../../common/locales';
import type { MailLocaleText } from '../../../../common/mail-templates';
import { type Audience, type MailFailure, type MailTally, type NoticesState, REMINDER_KINDS, type ReminderKind } from '../../../../common/notices';
import type { Db } from '../../db/database';
import { failedResultsMailings } from '../../db/repos/jury/results-mailings';
import { listAnnouncements } from '../../db/repos/notices/announcements';
import { failedNoticeMailings, tallyNotices } from '../../db/repos/notices/mailings';
import { announcementNotice } from './announcements';
import { readReminderSettings } from './reminders';

const FAILURES_SHOWN = 200;
const ANNOUNCEMENTS_SHOWN = 50;
const NO_MAILS: MailTally = { sent: 0, failed: 0, pending: 0 };

/** What the console's notices page shows: the reminder settings, each notice's progress, the mails given up on. */
export async function noticesState(db: Db): Promise<NoticesState> {
  const tallies = new Map(
    (await tallyNotices(db)).map((r) => {
      const sent = Number(r.sent);
      const failed = Number(r.failed);
      return [r.notice, { sent, failed, pending: Number(r.total) - sent - failed }];
    }),
  );
  const reminderTally = Object.fromEntries(REMINDER_KINDS.map((k) => [k, tallies.get(k) ?? NO_MAILS])) as Record<ReminderKind, MailTally>;
  const announcements = (await listAnnouncements(db, ANNOUNCEMENTS_SHOWN)).map((a) => ({
    id: a.id,
    audience: JSON.parse(a.audience) as Audience,
    subject: (JSON.parse(a.i18n) as Record<Locale, MailLocaleText>)['zh-CN']?.subject ?? '',
    createdAt: a.created_at,
    tally: tallies.get(announcementNotice(a.id)) ?? NO_MAILS,
  }));
  const failures: MailFailure[] = [
    ...(await failedNoticeMailings(db, FAILURES_SHOWN)).map((f) => ({
      notice: f.notice,
      email: f.email,
      attempts: f.attempts,
      error: f.last_error ?? '',
      failedAt: f.failed_at ?? '',
    })),
    ...(await failedResultsMailings(db, FAILURES_SHOWN)).map((f) => ({
      notice: 'results',
      email: f.email,
      attempts: f.attempts,
      error: f.last_error ?? '',
      failedAt: f.failed_at ?? '',
    })),
  ].sort((a, b) => b.failedAt.localeCompare(a.failedAt));
  return { reminders: await readReminderSettings(db), reminderTally, announcements, failures: failures.slice(0, FAILURES_SHOWN) };
}
