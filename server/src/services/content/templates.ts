import type { TemplateFile } from '../../../../common/api-types';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { listTemplates as listRows } from '../../db/repos/templates';
import { localize } from './localize';

export async function listTemplates(db: Db, locale: Locale): Promise<TemplateFile[]> {
  const rows = await listRows(db);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: localize<{ title: string }>(row.i18n, locale, ['title']).title,
    fileUrl: row.file_url,
    fileName: row.file_name,
  }));
}
