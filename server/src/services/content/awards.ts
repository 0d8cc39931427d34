import type { PublicAward } from '../../../../common/jury/api-types';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { listAwards } from '../../db/repos/jury/awards';
import { localize } from './localize';

/**
 * The prizes the organiser named, for the contest page: names only, in the visitor's locale (zh-CN where one is
 * missing), in the organiser's order. Which entry won what stays with the published results.
 */
export async function publicAwards(db: Db, locale: Locale): Promise<PublicAward[]> {
  const rows = await listAwards(db);
  return rows.map((a) => ({ id: a.id, name: localize<{ name: string }>(a.i18n, locale, ['name']).name })).filter((a) => a.name.trim() !== '');
}
