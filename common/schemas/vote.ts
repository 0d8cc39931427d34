import { z } from 'zod';
import { ALTCHA_MAX } from '../challenge';
import { Code, codeMessage } from '../errors/codes';
// Its module also turns zod's JIT off in the browser (CSP), before this file's schemas are built.
import { altchaField } from './contact';

/**
 * The vote body: in `anonymous` mode the solved proof-of-work challenge; in `email` mode the address and the
 * 6-digit code mailed to it; in `account` mode nothing (the session says who votes).
 */
export const voteSchema = z.object({
  altcha: z.string().trim().max(ALTCHA_MAX).optional(),
  email: z.string().trim().max(254).optional(),
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

/** The code form in the page: the address and the six digits. */
export const voteCodeSchema = z.object({
  email,
  code: z
    .string({ error: codeMessage(Code.VoteCodeRequired) })
    .trim()
    .regex(/^\d{6}$/, codeMessage(Code.VoteCodeRequired)),
});
