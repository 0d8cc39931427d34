import { IDENTITY_TEXT_FIELDS, SOCIAL_LINKS, type SocialLink } from '../../../../common/identity';
import { SUPPORTED_LOCALES } from '../../../../common/locales';
import type { AdminIdentity, Identity } from '../../../../common/schemas/identity';
import { IDENTITY_SETTING } from '../../../../common/settings-keys';
import { type Db, nowIso } from '../../db/database';
import { writeSetting } from '../../db/repos/settings';
import { type AuditScope, recordAudit } from '../audit/audit-log';
import { readStoredIdentity } from '../content/identity';
import { fillTraditional } from './fill-traditional';

const EMPTY_SOCIAL = Object.fromEntries(SOCIAL_LINKS.map((k) => [k, ''])) as Record<SocialLink, string>;

/** The console's form values: the saved identity, or an empty one (`updatedAt` null) on an install that never saved it. */
export async function readAdminIdentity(db: Db): Promise<AdminIdentity> {
  const s = await readStoredIdentity(db);
  const i18n = (s?.i18n ?? {}) as Record<string, Record<string, string>>;
  const texts = (locale: string) => Object.fromEntries(IDENTITY_TEXT_FIELDS.map((f) => [f, String(i18n[locale]?.[f] ?? '')]));
  const tw = i18n['zh-TW'] as { _converted?: string[] } | undefined;
  return {
    i18n: {
      'zh-CN': texts('zh-CN') as AdminIdentity['i18n']['zh-CN'],
      'zh-TW': { ...texts('zh-TW'), ...(tw?._converted ? { _converted: tw._converted } : {}) },
      'en-US': texts('en-US'),
    },
    logoUrl: s?.logoUrl ?? '',
    heroImageUrl: s?.heroImageUrl ?? '',
    wechatQrUrl: s?.wechatQrUrl ?? '',
    primaryColor: s?.primaryColor ?? '',
    contactEmail: s?.contactEmail ?? '',
    contactPhone: s?.contactPhone ?? '',
    wechatAccount: s?.wechatAccount ?? '',
    social: { ...EMPTY_SOCIAL, ...(s?.social ?? {}) },
    icpNumber: s?.icpNumber ?? '',
    psbNumber: s?.psbNumber ?? '',
    updatedAt: s?.updatedAt ?? null,
  };
}

/**
 * Saves the identity, already validated by the route's schema, as one settings row: one write, so a save
 * either lands whole or not at all, with its audit line. zh-TW texts left empty are filled from zh-CN by OpenCC, as news are.
 * The console plugin drops the cached public answers (page heads included) after any console write.
 */
export async function saveIdentity(db: Db, input: Identity, audit: AuditScope | null = null): Promise<AdminIdentity> {
  const texts: Record<string, Record<string, unknown>> = {};
  for (const locale of SUPPORTED_LOCALES) texts[locale] = { ...(input.i18n[locale] ?? {}) };
  const i18n = fillTraditional(texts, IDENTITY_TEXT_FIELDS);
  // The audit line (the identity before and after) lands with the change or not at all.
  return db.transaction().execute(async (trx) => {
    const before = audit && (await readAdminIdentity(trx));
    await writeSetting(trx, IDENTITY_SETTING, { ...input, i18n, updatedAt: nowIso() });
    const after = await readAdminIdentity(trx);
    if (audit) await recordAudit(trx, audit, { before, after });
    return after;
  });
}
