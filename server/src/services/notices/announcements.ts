import { Code } from '../../../../common/errors';
import { type Locale, SUPPORTED_LOCALES } from '../../../../common/locales';
import { IDENTITY_PLACEHOLDERS, type MailLocaleText, placeholdersIn } from '../../../../common/mail-templates';
import type { AnnouncementInput } from '../../../../common/notice-schemas';
import type { Audience } from '../../../../common/notices';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import { insertAnnouncement } from '../../db/repos/notices/announcements';
import { addRecipients } from '../../db/repos/notices/mailings';
import { activeJurors, entrants } from '../../db/repos/notices/recipients';
import { AppError } from '../../errors';
import { groupKeys } from '../entry-form/definitions';
import { jobQueued } from '../jobs/wake';

export const announcementNotice = (id: number) => `announcement:${id}`;

export function announcementIdOf(notice: string): number | null {
  const m = /^announcement:(\d+)$/.exec(notice);
  return m ? Number(m[1]) : null;
}

function audienceQuery(db: Db, audience: Audience) {
  switch (audience.kind) {
    case 'entrants':
      return entrants(db);
    case 'group':
      return entrants(db, { group: audience.group });
    case 'approved':
      return entrants(db, { approved: true });
    case 'jurors':
      return activeJurors(db);
  }
}

/** The text a person gets: their locale's when the organiser wrote it, else the zh-CN one. */
export function announcementText(i18n: Partial<Record<Locale, MailLocaleText>>, locale: Locale): MailLocaleText {
  const own = i18n[locale];
  if (own?.subject && own.body) return own;
  return i18n['zh-CN'] ?? { subject: '', body: '' };
}

/** Only the contest's identity can be filled in an announcement (it goes to many people, each the same text). */
function assertPlaceholders(input: AnnouncementInput): void {
  const known = new Set<string>(IDENTITY_PLACEHOLDERS);
  for (const locale of SUPPORTED_LOCALES) {
    for (const field of ['subject', 'body'] as const) {
      const unknown = placeholdersIn(input.i18n[locale][field]).find((n) => !known.has(n));
      if (unknown !== undefined) {
        throw new AppError(Code.MailTemplateUnknownPlaceholder, {
          fields: { [`i18n.${locale}.${field}`]: Code.MailTemplateUnknownPlaceholder },
          values: { name: `{{${unknown}}}` },
        });
      }
    }
  }
}

/**
 * Saves the announcement and queues one mail per person of its audience as it is now, for the notice mailer
 * to send in the background; answers at once with how many are queued.
 */
export async function sendAnnouncement(ctx: AppContext, staffId: number, input: AnnouncementInput): Promise<{ id: number; queued: number }> {
  const cn = input.i18n['zh-CN'];
  if (!cn.subject || !cn.body) throw new AppError(Code.AnnouncementTextRequired, { fields: { 'i18n.zh-CN.subject': Code.AnnouncementTextRequired } });
  assertPlaceholders(input);
  const audience: Audience = input.audience.kind === 'group' ? { kind: 'group', group: input.audience.group ?? '' } : { kind: input.audience.kind };
  if (audience.kind === 'group' && !(await groupKeys(ctx.db)).includes(audience.group ?? '')) {
    throw new AppError(Code.AnnouncementGroupUnknown, { fields: { 'audience.group': Code.AnnouncementGroupUnknown } });
  }
  const at = nowIso();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await insertAnnouncement(trx, { audience: JSON.stringify(audience), i18n: JSON.stringify(input.i18n), created_by: staffId, created_at: at });
    const queued = await addRecipients(trx, announcementNotice(id), at, audienceQuery(trx, audience));
    // Nobody to send to: nothing is kept, so the console does not list an announcement no one got.
    if (queued === 0) throw new AppError(Code.AnnouncementNoRecipients);
    return { id, queued };
  });
  jobQueued();
  return result;
}
