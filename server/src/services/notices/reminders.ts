import { utcOffsetLabel, wallClockOf, zoneOffsetMinutes } from '../../../../common/contest-time';
import type { Locale } from '../../../../common/locales';
import { REMINDER_KINDS, type ReminderKind, type ReminderSettings } from '../../../../common/notices';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import { listCriteria } from '../../db/repos/jury/criteria';
import { addRecipients } from '../../db/repos/notices/mailings';
import { activeJurorScopes, draftHolders, hasSentEntry, holdsDraft, usersIn, verifiedWithoutEntry } from '../../db/repos/notices/recipients';
import { readSetting, readSettings, writeSetting } from '../../db/repos/settings';
import type { MailMessage } from '../../mail/mailer';
import { phaseWindows } from '../contest/contest-info';
import { progressOf } from '../jury/judging';
import { buildMail } from '../mail/send-mail';

const REMINDERS_SETTING = 'notices.reminders';
/** Off until the organiser switches them on; a day's notice when they do. */
const DEFAULTS: ReminderSettings = { submissionClosing: { enabled: false, hours: 24 }, jurorUnscored: { enabled: false, hours: 24 } };
const PHASE_OF: Record<ReminderKind, 'submission' | 'judging'> = { submissionClosing: 'submission', jurorUnscored: 'judging' };

export async function readReminderSettings(db: Db): Promise<ReminderSettings> {
  const stored = ((await readSetting(db, REMINDERS_SETTING)) ?? {}) as Partial<ReminderSettings>;
  return {
    submissionClosing: { ...DEFAULTS.submissionClosing, ...stored.submissionClosing },
    jurorUnscored: { ...DEFAULTS.jurorUnscored, ...stored.jurorUnscored },
  };
}

export async function writeReminderSettings(db: Db, input: ReminderSettings): Promise<ReminderSettings> {
  await writeSetting(db, REMINDERS_SETTING, input);
  return readReminderSettings(db);
}

/** The end of the reminder's phase when the reminder is switched on and due now (within its hours before the end), else null. */
async function dueEnd(db: Db, kind: ReminderKind, now: Date): Promise<string | null> {
  const setting = (await readReminderSettings(db))[kind];
  if (!setting.enabled) return null;
  const window = phaseWindows(await readSettings(db)).find((w) => w.phase === PHASE_OF[kind]);
  if (!window) return null;
  const t = now.getTime();
  const end = Date.parse(window.end);
  return t >= end - setting.hours * 3_600_000 && t < end ? window.end : null;
}

/**
 * Active jurors with entries in their scope left to score, as judging counts them (neither scored on every
 * criterion nor recused), with how many; `only` narrows it to one juror.
 */
async function jurorsWithUnscored(db: Db, only?: number): Promise<Map<number, number>> {
  const criterionIds = (await listCriteria(db)).map((c) => c.id);
  const left = new Map<number, number>();
  for (const juror of await activeJurorScopes(db)) {
    if (only !== undefined && juror.user_id !== only) continue;
    const p = await progressOf(db, juror.user_id, juror.group_scope, criterionIds);
    const todo = p.assigned - p.scored - p.recused;
    if (todo > 0) left.set(juror.user_id, todo);
  }
  return left;
}

/**
 * Puts everyone a due reminder concerns into the ledger (once per reminder and person, whoever runs it and
 * however often); the notice mailer sends them. Returns how many were added.
 */
export async function queueDueReminders(db: Db, now = new Date()): Promise<number> {
  let added = 0;
  const at = nowIso(now);
  if (await dueEnd(db, 'submissionClosing', now)) {
    added += await addRecipients(db, 'submissionClosing', at, draftHolders(db));
    added += await addRecipients(db, 'submissionClosing', at, verifiedWithoutEntry(db));
  }
  if (await dueEnd(db, 'jurorUnscored', now)) {
    added += await addRecipients(
      db,
      'jurorUnscored',
      at,
      usersIn(
        db,
        [...(await jurorsWithUnscored(db))].map(([id]) => id),
      ),
    );
  }
  return added;
}

export function isReminderKind(notice: string): notice is ReminderKind {
  return (REMINDER_KINDS as readonly string[]).includes(notice);
}

/** "2026-12-31 18:00 (UTC+8)": the deadline as the contest's clock shows it. */
function deadlineText(iso: string, timeZone: string): string {
  return `${wallClockOf(iso, timeZone).replace('T', ' ')} (${utcOffsetLabel(zoneOffsetMinutes(timeZone, new Date(iso)))})`;
}

/**
 * The reminder's mail for one person, or null when it is no longer due (the phase is over or not near its
 * end, the entry was sent meanwhile, the juror finished scoring): such a person gets nothing.
 */
export async function reminderMail(
  ctx: AppContext,
  kind: ReminderKind,
  person: { user_id: number; email: string; locale: Locale },
): Promise<MailMessage | null> {
  const end = await dueEnd(ctx.db, kind, new Date());
  if (!end) return null;
  const deadline = deadlineText(end, ctx.config.contestTimezone);
  const base = `${ctx.config.publicUrl}/${person.locale}`;
  if (kind === 'submissionClosing') {
    if (await holdsDraft(ctx.db, person.user_id)) {
      return buildMail(ctx, 'reminderDraftEntry', person.email, person.locale, { deadline, accountUrl: `${base}/account` });
    }
    if (await hasSentEntry(ctx.db, person.user_id)) return null;
    return buildMail(ctx, 'reminderNoEntry', person.email, person.locale, { deadline, submitUrl: `${base}/submitWorks` });
  }
  const count = (await jurorsWithUnscored(ctx.db, person.user_id)).get(person.user_id);
  if (!count) return null;
  return buildMail(ctx, 'reminderJurorUnscored', person.email, person.locale, {
    count,
    deadline,
    link: `${ctx.config.publicUrl}/admin/?lang=${person.locale}`,
  });
}
