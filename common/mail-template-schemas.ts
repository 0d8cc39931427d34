import { z } from 'zod';
import { Code, codeMessage } from './errors';
import { type Locale, SUPPORTED_LOCALES } from './locales';
import { MAIL_BODY_MAX, MAIL_KINDS, MAIL_SUBJECT_MAX } from './mail-templates';

/** The console's mail-template requests (zod is kept out of the web's modules: it probes for eval on load). */
const localeText = z.object({
  subject: z.string().trim().max(MAIL_SUBJECT_MAX, codeMessage(Code.MailTemplateTooLong)),
  body: z.string().trim().max(MAIL_BODY_MAX, codeMessage(Code.MailTemplateTooLong)),
});

/** One kind's texts as the console saves them; a locale left empty takes the default (zh-TW: zh-CN converted). */
export const mailTemplateBody = z.object({
  i18n: z.object(Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, localeText])) as Record<Locale, typeof localeText>),
});
export type MailTemplateInput = z.infer<typeof mailTemplateBody>;

export const mailKindParam = z.object({ kind: z.enum(MAIL_KINDS) });

/** A preview or a test send of the text being edited, before it is saved. */
export const mailTryBody = z.object({ locale: z.enum(SUPPORTED_LOCALES), subject: localeText.shape.subject, body: localeText.shape.body });
export type MailTryInput = z.infer<typeof mailTryBody>;
