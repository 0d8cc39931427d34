import type { ScamTip } from '../../../../common/gallery';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { listScamTips } from '../../db/repos/gallery/contact';
import { localize } from '../content/localize';

export async function getScamTips(db: Db, locale: Locale): Promise<ScamTip[]> {
  const rows = await listScamTips(db);
  return rows.map((r) => ({ id: r.id, ...localize<{ title: string; body: string }>(r.i18n, locale, ['title', 'body']) }));
}
