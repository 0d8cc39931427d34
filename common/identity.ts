/**
 * The contest's identity (settings key IDENTITY_SETTING) as both sides see it. No zod here: the public
 * shell imports it, and zod stays out of its first load (the schema is in schemas/identity.ts).
 */

/** The texts each locale has; zh-TW fields left empty are filled from zh-CN by OpenCC on save. */
export const IDENTITY_TEXT_FIELDS = ['siteName', 'organiser', 'heroTitle', 'heroSubtitle', 'footerText'] as const;
export type IdentityTextField = (typeof IDENTITY_TEXT_FIELDS)[number];

/** Social accounts shown in the footer, by address; the WeChat official account is a name people search for instead. */
export const SOCIAL_LINKS = ['weibo', 'bilibili', 'douyin', 'facebook', 'instagram', 'youtube', 'x'] as const;
export type SocialLink = (typeof SOCIAL_LINKS)[number];

/** The identity of one locale as the public site shows it: defaults already applied where the organiser left a text empty. */
export type SiteIdentity = Record<IdentityTextField, string> & {
  logoUrl: string;
  heroImageUrl: string;
  wechatQrUrl: string;
  primaryColor: string;
  contactEmail: string;
  contactPhone: string;
  wechatAccount: string;
  /** Only the accounts that are set. */
  social: Partial<Record<SocialLink, string>>;
  icpNumber: string;
  psbNumber: string;
  /** Whether the organiser has saved an identity yet (false on an empty install). */
  configured: boolean;
};

export const ICP_LINK = 'https://beian.miit.gov.cn/';

/** The MPS search page of a public security filing number (its digits), or undefined without one. */
export function psbLink(psbNumber: string): string | undefined {
  const digits = psbNumber.replace(/\D/g, '');
  return digits ? `https://beian.mps.gov.cn/#/query/webSearch?code=${digits}` : undefined;
}
