import type { JuryMember } from '../../../../common/api-types';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { listJuryMembers } from '../../db/repos/jury';
import { localize } from './localize';

export async function listJury(db: Db, locale: Locale): Promise<JuryMember[]> {
  const rows = await listJuryMembers(db);
  return rows.map((row) => {
    const t = localize<{ name: string; title: string; achievements: string[] }>(row.i18n, locale, ['name', 'title', 'achievements']);
    return { id: row.id, photoUrl: row.photo_url, name: t.name, title: t.title, achievements: Array.isArray(t.achievements) ? t.achievements : [] };
  });
}
