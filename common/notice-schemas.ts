import { z } from 'zod';
import { Code, codeMessage } from './errors';
import { type Locale, SUPPORTED_LOCALES } from './locales';
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX } from './mail-templates';
import { AUDIENCE_KINDS, REMINDER_HOURS_MAX } from './notices';

/** The console's notice requests (kept apart from common/notices.ts so the web's modules load no zod). */
const reminder = z.object({ enabled: z.boolean(), hours: z.number().int().min(1).max(REMINDER_HOURS_MAX) });
export const reminderSettingsBody = z.object({ submissionClosing: reminder, jurorUnscored: reminder });

const localeText = z.object({
  subject: z.string().trim().max(MAIL_SUBJECT_MAX, codeMessage(Code.MailTemplateTooLong)),
  body: z.string().trim().max(MAIL_BODY_MAX, codeMessage(Code.MailTemplateTooLong)),
});

/** An announcement: zh-CN is required (the fallback of every other locale), the others may stay empty. */
export const announcementBody = z.object({
  audience: z.object({ kind: z.enum(AUDIENCE_KINDS), group: z.string().trim().max(64).optional() }),
  i18n: z.object(Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, localeText])) as Record<Locale, typeof localeText>),
});
export type AnnouncementInput = z.infer<typeof announcementBody>;
