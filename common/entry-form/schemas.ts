import { z } from 'zod';
import { VIDEO_MAX_SECONDS } from '../constants';
import { Code, codeMessage } from '../errors/codes';
import { FIELD_TYPES, ORIENTATIONS } from './definitions';

// The console imports these rules; the site's CSP forbids eval, which zod's JIT probe (new Function) would try.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** The organiser's console bodies for groups and fields (api.ts); messages are catalogue codes. */

const text = (max: number) => z.string().trim().max(max, codeMessage(Code.TextTooLong));
/** A text in the three locales; whether zh-CN is required is the caller's rule. */
const localized = (max: number) =>
  z
    .object({ 'zh-CN': text(max).default(''), 'zh-TW': text(max).default(''), 'en-US': text(max).default('') })
    .default({ 'zh-CN': '', 'zh-TW': '', 'en-US': '' });

export const GROUP_KEY = /^[a-z0-9][a-z0-9-]{1,31}$/;
export const groupKeyParam = z.object({ key: z.string().regex(GROUP_KEY, codeMessage(Code.EntryGroupKey)) });

const filmRefused = codeMessage(Code.EntryGroupFilmLimits);
const filmLimits = z
  .object(
    {
      maxSeconds: z.number(filmRefused).int(filmRefused).min(1, filmRefused).max(VIDEO_MAX_SECONDS, filmRefused).nullable(),
      orientations: z.array(z.enum(ORIENTATIONS, filmRefused), filmRefused).min(1, filmRefused),
      minShortSide: z.number(filmRefused).int(filmRefused).min(240, filmRefused).max(4320, filmRefused).nullable(),
    },
    filmRefused,
  )
  .refine((f) => new Set(f.orientations).size === f.orientations.length, filmRefused);

export const groupBody = z.object({
  name: localized(60).refine((t) => t['zh-CN'] !== '', codeMessage(Code.EntryGroupNameRequired)),
  description: localized(500),
  rules: localized(5000),
  film: filmLimits,
});
export type GroupBody = z.infer<typeof groupBody>;

export const groupsOrderBody = z.object({ keys: z.array(z.string()).min(1).max(100) });
export const fieldsOrderBody = z.object({ ids: z.array(z.number().int().positive()).max(500) });

const limitNumber = z.number().int().min(0).max(1_000_000).optional();
const fieldLimits = z
  .object({
    minLength: limitNumber,
    maxLength: limitNumber,
    min: z.union([z.number(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).optional(),
    max: z.union([z.number(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).optional(),
    integer: z.boolean().optional(),
    minItems: limitNumber,
    maxItems: limitNumber,
  })
  .default({})
  .refine(
    (l) =>
      !(l.minLength !== undefined && l.maxLength !== undefined && l.minLength > l.maxLength) &&
      !(l.minItems !== undefined && l.maxItems !== undefined && l.minItems > l.maxItems) &&
      !(l.min !== undefined && l.max !== undefined && typeof l.min === typeof l.max && l.min > l.max),
    codeMessage(Code.EntryFieldLimits),
  );

export const fieldBody = z.object({
  groupKey: z.string().nullable().default(null),
  type: z.enum(FIELD_TYPES),
  label: localized(200).refine((t) => t['zh-CN'] !== '', codeMessage(Code.EntryFieldLabelRequired)),
  help: localized(1000),
  required: z.boolean().default(false),
  requiredIfYoungerThan: z
    .object({ ageFieldKey: z.string().min(1).max(64), years: z.number().int().min(1).max(30) }, codeMessage(Code.EntryFieldAgeField))
    .nullable()
    .default(null),
  limits: fieldLimits,
  options: z
    .array(z.object({ value: z.string().trim().min(1).max(64), label: localized(200) }))
    .max(100)
    .default([]),
  consentText: localized(5000),
  visibleToJurors: z.boolean().default(false),
});
export type FieldBody = z.infer<typeof fieldBody>;
