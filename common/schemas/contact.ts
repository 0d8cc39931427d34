import { z } from 'zod';

// In the browser zod's JIT probes `new Function`, which the CSP (script-src 'self') refuses and reports as a
// violation; schemas read this flag when they are built, so it is set before any schema here exists.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** Contact and scam-report forms: one rule for the forms and the server; messages are catalogue codes. */
export const CONTACT_NAME_MAX = 60;
export const CONTACT_CONTENT_MAX = 2000;
export const CAPTCHA_ANSWER_MAX = 12;

const required = (code: string, max: number) => z.string({ error: code }).trim().min(1, code).max(max, '2104');

export const captchaFields = {
  captchaId: z.string({ error: '2013' }).trim().min(1, '2013').max(64, '3001'),
  captchaAnswer: z.string({ error: '2013' }).trim().min(1, '2013').max(CAPTCHA_ANSWER_MAX, '3001'),
};

export const contactSchema = z.object({
  content: required('2103', CONTACT_CONTENT_MAX),
  name: required('2102', CONTACT_NAME_MAX),
  email: z.string({ error: '2005' }).trim().min(1, '2005').max(254, '2004').pipe(z.email('2004')),
  ...captchaFields,
});
export type ContactInput = z.infer<typeof contactSchema>;

export const scamReportSchema = z.object({
  what: required('2105', CONTACT_CONTENT_MAX),
  happenedOn: z.string({ error: '2106' }).regex(/^\d{4}-\d{2}-\d{2}$/, '2106'),
  contact: z.string().trim().max(200, '2104').optional(),
  ...captchaFields,
});
export type ScamReportInput = z.infer<typeof scamReportSchema>;

/** The vote body: the captcha only when the server asked for it (3002, the per-address step-up). */
export const voteSchema = z.object({
  captchaId: z.string().trim().max(64).optional(),
  captchaAnswer: z.string().trim().max(CAPTCHA_ANSWER_MAX).optional(),
});
