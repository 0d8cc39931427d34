import type { PageContent } from '../../../../common/api-types';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { findPage } from '../../db/repos/pages';
import { localize } from './localize';

function parseExtra(json: string): Record<string, string> {
  try {
    return JSON.parse(json) as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * A page for visitors. One not written or not published yet answers `published: false` with no texts, so the
 * site shows its empty state instead of an error. `extra` (the About us WeChat QR, set from the settings)
 * comes with any saved row: it is contact information, not part of the draft.
 */
export async function getPage(db: Db, locale: Locale, slug: string): Promise<PageContent> {
  const row = await findPage(db, slug);
  const extra = row ? parseExtra(row.extra) : {};
  if (!row?.published_at) return { slug, published: false, title: '', body: '', extra };
  const t = localize<{ title: string; body: string }>(row.i18n, locale, ['title', 'body']);
  return { slug: row.slug, published: true, title: t.title, body: t.body, extra };
}
