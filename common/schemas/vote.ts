import { z } from 'zod';
import { ALTCHA_MAX } from '../challenge';

/** The vote body: the solved proof-of-work challenge (anonymous voting asks for one with every vote). */
export const voteSchema = z.object({
  altcha: z.string().trim().max(ALTCHA_MAX).optional(),
});
