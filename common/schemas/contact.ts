import { z } from 'zod';
import { ALTCHA_MAX } from '../challenge';
import { Code, codeMessage } from '../errors/codes';

// In the browser zod's JIT probes `new Function`, which the CSP (script-src 'self') refuses and reports as a
// violation; schemas read this flag when they are built, so it is set before any schema here exists.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** Contact and scam-report forms: one rule for the forms and the server; messages are catalogue codes. */
export const CONTACT_NAME_MAX = 60;
export const CONTACT_CONTENT_MAX = 2000;

const required = (code: string, max: number) => z.string({ error: code }).trim().min(1, code).max(max, codeMessage(Code.TextTooLong));

/** A solved proof-of-work challenge (common/challenge.ts), where a form always needs one: 2013 when empty. */
export const altchaField = z
  .string({ error: codeMessage(Code.CaptchaRequired) })
  .trim()
  .min(1, codeMessage(Code.CaptchaRequired))
  .max(ALTCHA_MAX, codeMessage(Code.CaptchaWrong));

/** Both forms are guarded by a solved proof-of-work challenge. */
export const challengeFields = { altcha: altchaField };

export const contactSchema = z.object({
  content: required(codeMessage(Code.QuestionRequired), CONTACT_CONTENT_MAX),
  name: required(codeMessage(Code.NameRequired), CONTACT_NAME_MAX),
  email: z
    .string({ error: codeMessage(Code.EmailRequired) })
    .trim()
    .min(1, codeMessage(Code.EmailRequired))
    .max(254, codeMessage(Code.EmailFormat))
    .pipe(z.email(codeMessage(Code.EmailFormat))),
  ...challengeFields,
});
export type ContactInput = z.infer<typeof contactSchema>;

export const scamReportSchema = z.object({
  what: required(codeMessage(Code.ReportRequired), CONTACT_CONTENT_MAX),
  happenedOn: z.string({ error: codeMessage(Code.ReportDateRequired) }).regex(/^\d{4}-\d{2}-\d{2}$/, codeMessage(Code.ReportDateRequired)),
  contact: z.string().trim().max(200, codeMessage(Code.TextTooLong)).optional(),
  ...challengeFields,
});
export type ScamReportInput = z.infer<typeof scamReportSchema>;
