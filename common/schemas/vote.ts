import { z } from 'zod';
import { CAPTCHA_ANSWER_MAX } from './contact';

/** The vote body: the captcha only when the server asked for it (3002, the per-address step-up). */
export const voteSchema = z.object({
  captchaId: z.string().trim().max(64).optional(),
  captchaAnswer: z.string().trim().max(CAPTCHA_ANSWER_MAX).optional(),
});
