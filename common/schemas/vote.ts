import { z } from 'zod';
import { ALTCHA_MAX } from '../challenge';
import { Code, codeMessage } from '../errors/codes';
// Its module also turns zod's JIT off in the browser (CSP), before this file's schemas are built.
import { altchaField } from './contact';

/** Long enough for any number as people type it (E.164 is at most 15 digits, plus spaces, dashes, brackets). */
const PHONE_MAX = 32;

/**
 * The vote body: in `anonymous` mode the solved proof-of-work challenge; in `email` mode the address and the
 * 6-digit code mailed to it; in `phone` mode the number and the code texted to it; in `account` mode nothing
 * (the session says who votes).
 */
export const voteSchema = z.object({
  altcha: z.string().trim().max(ALTCHA_MAX).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(PHONE_MAX).optional(),
  code: z.string().trim().max(12).optional(),
});

const email = z
  .string({ error: codeMessage(Code.EmailRequired) })
  .trim()
  .min(1, codeMessage(Code.EmailRequired))
  .max(254, codeMessage(Code.EmailFormat))
  .pipe(z.email(codeMessage(Code.EmailFormat)));

/** Asking for a voting code: the address, and a solved challenge (a mail costs the sender some work). */
export const voteCodeRequestSchema = z.object({ email, altcha: altchaField });
export type VoteCodeRequest = z.infer<typeof voteCodeRequestSchema>;

const sixDigits = z
  .string({ error: codeMessage(Code.VoteCodeRequired) })
  .trim()
  .regex(/^\d{6}$/, codeMessage(Code.VoteCodeRequired));

/** The code form in the page: the address and the six digits. */
export const voteCodeSchema = z.object({ email, code: sixDigits });

const phone = z
  .string({ error: codeMessage(Code.PhoneFormat) })
  .trim()
  .min(1, codeMessage(Code.PhoneFormat))
  .max(PHONE_MAX, codeMessage(Code.PhoneFormat));

/**
 * Asking for a texted code: the number as typed (with `+` and its country code, or national, read as a
 * number of the default region; the server decides whether it is a mobile number), and a solved challenge.
 */
export const phoneCodeRequestSchema = z.object({ phone, altcha: altchaField });
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequestSchema>;

/** The phone code form in the page: the number and the six digits. */
export const phoneVoteSchema = z.object({ phone, code: sixDigits });
