import { z } from 'zod';
import { POW_BASE_RANGE, POW_STEP_UP_RANGE } from '../challenge';
import { NEWS_CATEGORIES, SPONSOR_TIERS } from '../constants';
import { Code, codeMessage } from '../errors/codes';
import { COUNT_DELAY_RANGE, COUNT_DISPLAYS, HOME_FILM_ORDERS, PER_DAY_TOTAL_RANGE, VOTER_MODES } from '../gallery';
import { PRIVACY_RETENTION_DEFAULT_DAYS, PRIVACY_RETENTION_RANGE } from '../privacy';
import { urlField } from '../schemas/url';
import { AWARDS, ENTRY_STATUSES, VOTING_RULES } from './constants';
import { ASSIGNABLE_ROLES } from './staff';
import { EMPOWER_MAX_MB, MB, UPLOAD_GRACE_DEFAULT_MINUTES, UPLOAD_GRACE_MAX_MINUTES } from './uploads';

/** Request shapes of the console API, used by the console's forms and validated again on the server. */

export const entryListQuery = z.object({
  status: z.enum(ENTRY_STATUSES).optional(),
  group: z.string().max(32).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type EntryListQuery = z.infer<typeof entryListQuery>;

export const rejectBody = z.object({ reason: z.string().trim().min(1, codeMessage(Code.RejectReasonRequired)).max(1000) });
export const requestChangesBody = z.object({ note: z.string().trim().min(1, codeMessage(Code.ChangesNoteRequired)).max(1000) });
export const awardBody = z.object({ award: z.enum(AWARDS).nullable() });
export const bulkBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), ids: z.array(z.number().int().positive()).min(1).max(200) }),
  z.object({
    action: z.literal('reject'),
    ids: z.array(z.number().int().positive()).min(1).max(200),
    reason: z.string().trim().min(1, codeMessage(Code.RejectReasonRequired)).max(1000),
  }),
  z.object({ action: z.literal('award'), ids: z.array(z.number().int().positive()).min(1).max(200), award: z.enum(AWARDS).nullable() }),
]);
export type BulkAction = z.infer<typeof bulkBody>;

/** A localized text block: one object per locale; `_converted` lists the zh-TW fields filled by OpenCC. */
const localeTexts = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    'zh-CN': z.object(shape),
    'zh-TW': z.object({ ...shape, _converted: z.array(z.string().max(40)).max(10).optional() }).partial(),
    'en-US': z.object(shape).partial(),
  });

const text = (max: number) => z.string().max(max);
const isoDate = z.iso.datetime({ offset: true });

export const newsBody = z.object({
  category: z.enum(NEWS_CATEGORIES),
  coverUrl: urlField,
  publishedAt: isoDate,
  status: z.enum(['published', 'draft']),
  sort: z.number().int().min(-9999).max(9999).default(0),
  i18n: localeTexts({
    title: text(200).trim().min(1, codeMessage(Code.ChineseTitleRequired)),
    summary: text(1000).default(''),
    body: text(200_000).default(''),
  }),
});
export type NewsInput = z.infer<typeof newsBody>;

export const juryBody = z.object({
  photoUrl: urlField,
  sort: z.number().int().min(-9999).max(9999).default(0),
  i18n: localeTexts({
    name: text(100).trim().min(1, codeMessage(Code.ChineseTitleRequired)),
    title: text(200).default(''),
    achievements: z.array(text(500)).max(30).default([]),
  }),
});

export const exhibitionBody = z.object({
  coverUrl: urlField,
  mediaUrl: urlField.nullable().default(null),
  publishedAt: isoDate,
  sort: z.number().int().min(-9999).max(9999).default(0),
  i18n: localeTexts({
    title: text(200).trim().min(1, codeMessage(Code.ChineseTitleRequired)),
    summary: text(1000).default(''),
    body: text(200_000).default(''),
  }),
});

export const sponsorBody = z.object({
  logoUrl: urlField,
  link: urlField,
  tier: z.enum(SPONSOR_TIERS),
  sort: z.number().int().min(-9999).max(9999).default(0),
  i18n: localeTexts({ name: text(200).trim().min(1, codeMessage(Code.ChineseTitleRequired)) }),
});

export const templateBody = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,60}$/, codeMessage(Code.ParameterError)),
  fileUrl: urlField,
  fileName: z.string().trim().min(1).max(200),
  sort: z.number().int().min(-9999).max(9999).default(0),
  i18n: localeTexts({ title: text(200).trim().min(1, codeMessage(Code.ChineseTitleRequired)) }),
});

export const scamTipBody = z.object({
  sort: z.number().int().min(-9999).max(9999).default(0),
  i18n: localeTexts({ title: text(200).trim().min(1, codeMessage(Code.ChineseTitleRequired)), body: text(5000).default('') }),
});

export const pageBody = z.object({
  i18n: localeTexts({ title: text(200).trim().min(1, codeMessage(Code.ChineseTitleRequired)), body: text(200_000).default('') }),
  // The About us page keeps the WeChat QR here too, so it answers to the same rule as in the settings.
  extra: z.object({ wechatQrUrl: urlField.optional() }).catchall(z.string().max(1000)).default({}),
});

const wechatField = z
  .string()
  .trim()
  .max(128)
  .regex(/^[\w-]*$/)
  .default('');

/** Every setting but the phases, which are saved one at a time (`services/contest/phases.ts`). */
export const settingsBody = z.object({
  votingRule: z.enum(VOTING_RULES),
  // Votes a day in all under `perDayTotal`; optional so older forms still save.
  perDayTotal: z.number().int().min(PER_DAY_TOTAL_RANGE.min).max(PER_DAY_TOTAL_RANGE.max).default(PER_DAY_TOTAL_RANGE.default),
  voterMode: z.enum(VOTER_MODES),
  stepUpPerHour: z.number().int().min(0).max(100_000), // 0: the proof of work never gets harder for an address
  subnetPerHour: z.number().int().min(0).max(1_000_000), // the same for a /24 or /48
  powBase: z.number().int().min(POW_BASE_RANGE.min).max(POW_BASE_RANGE.max),
  powStepUp: z.number().int().min(POW_STEP_UP_RANGE.min).max(POW_STEP_UP_RANGE.max),
  // E-mail voting: strip every provider's +tags (Gmail's always are); optional so older forms still save.
  stripPlusTags: z.boolean().default(false),
  organiserEmail: z.email(codeMessage(Code.EmailFormat)),
  entryLimit: z.number().int().min(1).max(100),
  // Bytes on the wire (the submission area's unit), whole megabytes in the form.
  empowerMaxBytes: z
    .number(codeMessage(Code.PackageLimitRange))
    .int(codeMessage(Code.PackageLimitRange))
    .min(EMPOWER_MAX_MB.min * MB, codeMessage(Code.PackageLimitRange))
    .max(EMPOWER_MAX_MB.max * MB, codeMessage(Code.PackageLimitRange)),
  // Approved entries in the public gallery before voting opens (off: the gallery opens with voting).
  galleryBeforeVoting: z.boolean().default(false),
  // The home page's films strip: newest approved first, or most voted first (only while counts show live).
  homeFilmOrder: z.enum(HOME_FILM_ORDERS).default('newest'),
  // How long an upload begun before the submission deadline may go on after it (0: the deadline is hard).
  uploadGraceMinutes: z.number().int().min(0).max(UPLOAD_GRACE_MAX_MINUTES).default(UPLOAD_GRACE_DEFAULT_MINUTES),
  // How visitors see counts while voting runs, and how often delayed counts are retaken.
  countDisplay: z.enum(COUNT_DISPLAYS).default('live'),
  countDelayMinutes: z
    .number(codeMessage(Code.CountDelayRange))
    .int(codeMessage(Code.CountDelayRange))
    .min(COUNT_DELAY_RANGE.min, codeMessage(Code.CountDelayRange))
    .max(COUNT_DELAY_RANGE.max, codeMessage(Code.CountDelayRange))
    .default(COUNT_DELAY_RANGE.default),
  // Days voters' and visitors' full addresses are kept before they are cut to their network.
  privacyRetentionDays: z.number().int().min(PRIVACY_RETENTION_RANGE.min).max(PRIVACY_RETENTION_RANGE.max).default(PRIVACY_RETENTION_DEFAULT_DAYS),
  // WeChat voters: the official account's and the open-platform website app's ids and secrets. Secrets are
  // write-only: empty keeps the one saved (the console is never sent it back).
  wechatMpAppId: wechatField,
  wechatMpSecret: wechatField,
  wechatWebAppId: wechatField,
  wechatWebSecret: wechatField,
});
export type ConsoleSettings = z.infer<typeof settingsBody>;
/** What the console reads: the settings with the secrets empty, and the last four characters of each one saved. */
export type ConsoleSettingsView = ConsoleSettings & { wechatSecretTails: { mp: string | null; web: string | null } };

export const userListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(ASSIGNABLE_ROLES).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export const userDisableBody = z.object({ disabled: z.boolean() });
export const userRoleBody = z.object({ role: z.enum(ASSIGNABLE_ROLES) });
/** The organiser types the person's address to confirm an erasure (checked against the account on the server). */
export const userEraseBody = z.object({ email: z.string().trim().min(1, codeMessage(Code.ErasureConfirmMismatch)).max(320) });
export const erasureListQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
