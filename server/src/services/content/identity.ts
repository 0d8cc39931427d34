import { t } from '../../../../common/i18n/index';
import { IDENTITY_TEXT_FIELDS, type IdentityTextField, type SiteIdentity, SOCIAL_LINKS, type SocialLink } from '../../../../common/identity';
import type { Locale } from '../../../../common/locales';
import { safeUrl } from '../../../../common/safe-url';
import { IDENTITY_SETTING } from '../../../../common/settings-keys';
import type { Db } from '../../db/database';
import { findPage } from '../../db/repos/pages';
import { readSetting } from '../../db/repos/settings';
import type { MailIdentity } from '../../mail/templates/render';
import { localize } from './localize';

/** The stored row as written by the console (services/content-editing/identity.ts); any field may be missing in an old or hand-made row. */
export type StoredIdentity = {
  i18n?: Record<string, Record<string, unknown>>;
  logoUrl?: string;
  heroImageUrl?: string;
  wechatQrUrl?: string;
  primaryColor?: string;
  contactEmail?: string;
  contactPhone?: string;
  wechatAccount?: string;
  social?: Partial<Record<SocialLink, string>>;
  icpNumber?: string;
  psbNumber?: string;
  updatedAt?: string;
};

/** The neutral texts of an install whose organiser has not said who they are yet. */
const DEFAULT_TEXT: Record<IdentityTextField, Parameters<typeof t>[1]> = {
  siteName: 'site.name',
  organiser: 'site.organiser',
  heroTitle: 'home.heroTitle',
  heroSubtitle: 'home.heroSubtitle',
  footerText: 'site.description',
};

export async function readStoredIdentity(db: Db): Promise<StoredIdentity | null> {
  const value = await readSetting(db, IDENTITY_SETTING);
  return value && typeof value === 'object' ? (value as StoredIdentity) : null;
}

/**
 * The WeChat QR used to live on the About us page row. An install that set it there and has not saved an
 * identity since still shows it: read, not migrated, so nothing is written behind the organiser's back.
 */
async function legacyWechatQr(db: Db): Promise<string> {
  const about = await findPage(db, 'aboutUs');
  try {
    return String((JSON.parse(about?.extra ?? '{}') as { wechatQrUrl?: unknown }).wechatQrUrl ?? '');
  } catch {
    return '';
  }
}

/** One locale's identity: the organiser's text, else their zh-CN text, else the interface's neutral default. */
export function localIdentity(stored: StoredIdentity | null, locale: Locale, legacyQr = ''): SiteIdentity {
  const texts = localize<Record<IdentityTextField, string>>(JSON.stringify(stored?.i18n ?? {}), locale, IDENTITY_TEXT_FIELDS);
  const out = {} as Record<IdentityTextField, string>;
  for (const field of IDENTITY_TEXT_FIELDS) out[field] = String(texts[field] ?? '').trim() || t(locale, DEFAULT_TEXT[field]);
  const social: Partial<Record<SocialLink, string>> = {};
  for (const key of SOCIAL_LINKS) {
    const url = safeUrl(stored?.social?.[key]);
    if (url) social[key] = url;
  }
  return {
    ...out,
    logoUrl: safeUrl(stored?.logoUrl) ?? '',
    heroImageUrl: safeUrl(stored?.heroImageUrl) ?? '',
    wechatQrUrl: safeUrl(stored?.wechatQrUrl) ?? safeUrl(legacyQr) ?? '',
    primaryColor: /^#[0-9a-f]{6}$/i.test(stored?.primaryColor ?? '') ? (stored?.primaryColor as string) : '',
    contactEmail: stored?.contactEmail ?? '',
    contactPhone: stored?.contactPhone ?? '',
    wechatAccount: stored?.wechatAccount ?? '',
    social,
    icpNumber: stored?.icpNumber ?? '',
    psbNumber: stored?.psbNumber ?? '',
    configured: stored !== null,
  };
}

/** The identity the public site, page heads, mails and posters show in `locale`. */
export async function siteIdentity(db: Db, locale: Locale): Promise<SiteIdentity> {
  const stored = await readStoredIdentity(db);
  return localIdentity(stored, locale, stored?.wechatQrUrl ? '' : await legacyWechatQr(db));
}

/**
 * What a mail carries of the contest: its name and organiser in the recipient's locale, the logo (made
 * absolute: a mail is read far from the site) and the colour.
 */
export async function mailIdentity(db: Db, locale: Locale, publicUrl: string): Promise<MailIdentity> {
  const id = localIdentity(await readStoredIdentity(db), locale);
  const logoUrl = id.logoUrl.startsWith('/') ? `${publicUrl}${id.logoUrl}` : id.logoUrl;
  return { site: id.siteName, organiser: id.organiser, logoUrl, colour: id.primaryColor };
}
