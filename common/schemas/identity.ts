import { z } from 'zod';
import { Code, codeMessage } from '../errors/codes';
import { SOCIAL_LINKS, type SocialLink } from '../identity';
import { urlField } from './url';

/** The console's identity form (settings key IDENTITY_SETTING); empty strings mean "not set", so the site shows its defaults. */

const text = (max: number) => z.string().trim().max(max, codeMessage(Code.IdentityTextTooLong)).default('');

const identityTexts = {
  siteName: text(60),
  organiser: text(100),
  heroTitle: text(120),
  heroSubtitle: text(300),
  footerText: text(500),
};

/** ICP filing as MIIT shows it, e.g. 京ICP备12345678号-1 (a province's abbreviation, 备 or 证, the number, an optional site suffix). */
export const ICP_NUMBER = /^[\u4e00-\u9fff]{1,2}ICP[备備证證]\d{5,12}[号號](-\d{1,3})?$/u;
/** Public security filing, e.g. 京公网安备11010502030143号: its digits are the code the MPS search link takes. */
export const PSB_NUMBER = /^[\u4e00-\u9fff]{1,2}公[网網]安[备備]\s?\d{10,20}[号號]$/u;
const PHONE = /^[0-9+\-() ]{3,30}$/;
const EMAIL = z.email();

type ErrorCode = (typeof Code)[keyof typeof Code];

const optionalMatch = (re: RegExp, code: ErrorCode) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || re.test(v), codeMessage(code))
    .default('');

const emptySocial = Object.fromEntries(SOCIAL_LINKS.map((k) => [k, ''])) as Record<SocialLink, string>;
const socialShape = Object.fromEntries(SOCIAL_LINKS.map((k) => [k, urlField.default('')])) as Record<SocialLink, z.ZodDefault<typeof urlField>>;

export const identityBody = z.object({
  i18n: z.object({
    'zh-CN': z.object({
      ...identityTexts,
      siteName: z.string().trim().min(1, codeMessage(Code.IdentityNameRequired)).max(60, codeMessage(Code.IdentityTextTooLong)),
    }),
    'zh-TW': z.object({ ...identityTexts, _converted: z.array(z.string().max(40)).max(10).optional() }).partial(),
    'en-US': z.object(identityTexts).partial(),
  }),
  logoUrl: urlField.default(''),
  heroImageUrl: urlField.default(''),
  wechatQrUrl: urlField.default(''),
  primaryColor: z
    .string()
    .trim()
    .refine((v) => v === '' || /^#[0-9a-fA-F]{6}$/.test(v), codeMessage(Code.IdentityColour))
    .transform((v) => v.toLowerCase())
    .default(''),
  contactEmail: z
    .string()
    .trim()
    .max(200, codeMessage(Code.IdentityEmail))
    .refine((v) => v === '' || EMAIL.safeParse(v).success, codeMessage(Code.IdentityEmail))
    .default(''),
  contactPhone: optionalMatch(PHONE, Code.IdentityPhone),
  wechatAccount: text(60),
  social: z.object(socialShape).default(emptySocial),
  icpNumber: optionalMatch(ICP_NUMBER, Code.IdentityIcpNumber),
  psbNumber: optionalMatch(PSB_NUMBER, Code.IdentityPsbNumber),
});
export type IdentityInput = z.input<typeof identityBody>;
export type Identity = z.infer<typeof identityBody>;
/** What the console reads back: the saved identity (or an empty one) and when it was saved (null: never). */
export type AdminIdentity = Identity & { updatedAt: string | null };
