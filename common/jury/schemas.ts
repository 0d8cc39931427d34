import { z } from 'zod';
import { GROUP_KEY } from '../entry-form/schemas';
import { Code, codeMessage } from '../errors/codes';
import { SUPPORTED_LOCALES } from '../locales';
import { confirmField, emailField, matching, newPasswordField } from '../schemas/account';

/** Request shapes of the jury area (console forms, the juror's score sheet), validated again on the server. */

export const SCORE_MIN = 1;
export const SCORE_MAX = 10;
export const COMMENT_MAX = 2000;

/** A name in every locale; zh-CN is required (the site's default), the others fall back to it. */
const names = z.object({
  'zh-CN': z.object({ name: z.string().trim().min(1, codeMessage(Code.JuryNameRequired)).max(100) }),
  'zh-TW': z.object({ name: z.string().trim().max(100) }).partial(),
  'en-US': z.object({ name: z.string().trim().max(100) }).partial(),
});

export const inviteJurorBody = z.object({
  email: emailField,
  locale: z.enum(SUPPORTED_LOCALES),
  juryMemberId: z.number().int().positive().nullable().default(null),
  group: z.string().regex(GROUP_KEY, codeMessage(Code.EntryGroupUnknown)).nullable().default(null),
});
export type InviteJurorInput = z.infer<typeof inviteJurorBody>;

export const jurorUpdateBody = inviteJurorBody.pick({ juryMemberId: true, group: true });

const invitationToken = z.string({ error: codeMessage(Code.JuryInvitationInvalid) }).regex(/^[A-Za-z0-9_-]{20,100}$/, codeMessage(Code.JuryInvitationInvalid));
export const invitationQuery = z.object({ token: invitationToken });
export const acceptInvitationBody = z.object({ token: invitationToken, password: newPasswordField, confirmPassword: confirmField }).superRefine(matching);

const weight = z
  .number(codeMessage(Code.JuryWeightRange))
  .int(codeMessage(Code.JuryWeightRange))
  .min(1, codeMessage(Code.JuryWeightRange))
  .max(100, codeMessage(Code.JuryWeightRange));
export const criterionBody = z.object({ weight, sort: z.number().int().min(-9999).max(9999).default(0), i18n: names });
export type CriterionInput = z.infer<typeof criterionBody>;

export const awardNameBody = z.object({ sort: z.number().int().min(-9999).max(9999).default(0), i18n: names });
export type AwardInput = z.infer<typeof awardNameBody>;
export const assignAwardBody = z.object({ awardId: z.number().int().positive().nullable() });

const percent = z.number(codeMessage(Code.ResultWeightsSum)).int(codeMessage(Code.ResultWeightsSum)).min(0).max(100);
export const jurySettingsBody = z
  .object({ blind: z.boolean(), juryWeight: percent, publicWeight: percent })
  .refine((s) => s.juryWeight + s.publicWeight === 100, { message: codeMessage(Code.ResultWeightsSum), path: ['publicWeight'] });
export type JurySettings = z.infer<typeof jurySettingsBody>;

const score = z
  .number(codeMessage(Code.JuryScoreRange))
  .int(codeMessage(Code.JuryScoreRange))
  .min(SCORE_MIN, codeMessage(Code.JuryScoreRange))
  .max(SCORE_MAX, codeMessage(Code.JuryScoreRange));
export const scoreSheetBody = z.object({
  /** criterion id -> score; every criterion must be there. */
  scores: z.record(z.string().regex(/^\d+$/), score),
  comment: z.string().trim().max(COMMENT_MAX).default(''),
});
export type ScoreSheetInput = z.infer<typeof scoreSheetBody>;
export const recuseBody = z.object({ recused: z.boolean() });
export const rankingQuery = z.object({ group: z.string().regex(GROUP_KEY, codeMessage(Code.EntryGroupUnknown)) });
