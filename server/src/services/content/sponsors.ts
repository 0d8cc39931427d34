import type { Sponsor } from '../../../../common/api-types';
import type { SponsorTier } from '../../../../common/constants';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { listSponsors as listRows } from '../../db/repos/sponsors';
import { localize } from './localize';

export async function listSponsors(db: Db, locale: Locale): Promise<Sponsor[]> {
  const rows = await listRows(db);
  return rows.map((row) => ({
    id: row.id,
    name: localize<{ name: string }>(row.i18n, locale, ['name']).name,
    logoUrl: row.logo_url,
    link: row.link,
    tier: row.tier as SponsorTier,
  }));
}
