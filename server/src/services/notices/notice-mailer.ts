import { isLocale, type Locale } from '../../../../common/locales';
import type { MailLocaleText } from '../../../../common/mail-templates';
import type { AppContext, Log, Worker } from '../../context';
import { nowIso } from '../../db/database';
import { findAnnouncement } from '../../db/repos/notices/announcements';
import { claimNoticeMailing, dropNoticeMailing, markNoticeRefused, markNoticeSent, nextOpenMailing } from '../../db/repos/notices/mailings';
import type { MailMessage } from '../../mail/mailer';
import { startJobLoop } from '../jobs/job-loop';
import { givenUp, MAIL_RETRY_AFTER_MS, mailErrorText } from '../mail/mail-attempts';
import { composeMail } from '../mail/send-mail';
import { announcementIdOf, announcementText } from './announcements';
import { isReminderKind, queueDueReminders, reminderMail } from './reminders';

/** How often the notice mailer looks for due reminders and retries when nothing woke it (sending an announcement does). */
const NOTICE_POLL_MS = 30_000;

async function messageFor(ctx: AppContext, notice: string, person: { user_id: number; email: string; locale: Locale }): Promise<MailMessage | null> {
  if (isReminderKind(notice)) return reminderMail(ctx, notice, person);
  const id = announcementIdOf(notice);
  const row = id === null ? undefined : await findAnnouncement(ctx.db, id);
  if (!row) return null;
  const text = announcementText(JSON.parse(row.i18n) as Partial<Record<Locale, MailLocaleText>>, person.locale);
  return composeMail(ctx, person.email, person.locale, text, {});
}

/**
 * Sends one notice mail if one is waiting and says whether there was one. The row is claimed first (a
 * compare-and-set on its claim), so senders in several processes mail each person once per notice. A
 * reminder no longer due for its person (entry sent, scoring done) is dropped unsent. A refused send keeps
 * its claim and is tried again once the claim is stale, at most MAIL_ATTEMPTS_MAX times, then marked failed.
 */
export async function sendNextNotice(ctx: AppContext, logError: (err: unknown) => void): Promise<boolean> {
  const staleBefore = nowIso(new Date(Date.now() - MAIL_RETRY_AFTER_MS));
  const row = await nextOpenMailing(ctx.db, staleBefore);
  if (!row) return false;
  if (!(await claimNoticeMailing(ctx.db, row.id, row.claimed_at, nowIso()))) return true;
  const locale = isLocale(row.locale) ? row.locale : 'zh-CN';
  const message = await messageFor(ctx, row.notice, { user_id: row.user_id, email: row.email, locale });
  if (!message) {
    await dropNoticeMailing(ctx.db, row.id);
    return true;
  }
  try {
    await ctx.mailer.send(message);
    await markNoticeSent(ctx.db, row.id, nowIso());
  } catch (err) {
    logError(err);
    await markNoticeRefused(ctx.db, row.id, mailErrorText(err), givenUp(row.attempts + 1) ? nowIso() : null);
  }
  return true;
}

/** One round of the loop: the next waiting mail, else the people a reminder now due concerns. */
export async function runNoticeRound(ctx: AppContext, logError: (err: unknown) => void): Promise<boolean> {
  if (await sendNextNotice(ctx, logError)) return true;
  return (await queueDueReminders(ctx.db)) > 0;
}

/** The background sender of reminders and announcements, on the shared job loop. */
export function startNoticeMailer(ctx: AppContext, log: Log): Worker {
  return startJobLoop('notice-mailer', 'notice mailer', { pollMs: NOTICE_POLL_MS }, log, () =>
    runNoticeRound(ctx, (err) => log.error(err, 'notice mail not sent; tried again later')),
  );
}
