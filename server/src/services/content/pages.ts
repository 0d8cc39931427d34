import type { PageContent } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { findPage } from '../../db/repos/pages';
import { AppError } from '../../errors';
import { localize } from './localize';

export async function getPage(db: Db, locale: Locale, slug: string): Promise<PageContent> {
  const row = await findPage(db, slug);
  if (!row) throw new AppError(Code.NotFound);
  const t = localize<{ title: string; body: string }>(row.i18n, locale, ['title', 'body']);
  let extra: Record<string, string> = {};
  try {
    extra = JSON.parse(row.extra) as Record<string, string>;
  } catch {
    extra = {};
  }
  return { slug: row.slug, title: t.title, body: t.body, extra };
}
