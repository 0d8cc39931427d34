import type { PageSlug } from '../../../../common/constants';
import { Code } from '../../../../common/errors';
import { type Db, nowIso } from '../../db/database';
import { findPage, listPages, upsertPage } from '../../db/repos/console/content';
import { AppError } from '../../errors';
import { parseI18n } from '../content/localize';
import { prepareI18n } from './content';

const PAGE_TEXTS = { texts: ['title', 'body'], rich: ['body'] } as const;

function parseExtra(json: string): Record<string, string> {
  try {
    return JSON.parse(json) as Record<string, string>;
  } catch {
    return {};
  }
}

export async function listEditablePages(db: Db) {
  return (await listPages(db)).map((p) => ({ slug: p.slug, i18n: parseI18n(p.i18n), extra: parseExtra(p.extra), updatedAt: p.updated_at }));
}

export async function getEditablePage(db: Db, slug: PageSlug) {
  const p = await findPage(db, slug);
  if (!p) throw new AppError(Code.NotFound);
  return { slug: p.slug, i18n: parseI18n(p.i18n), extra: parseExtra(p.extra), updatedAt: p.updated_at };
}

export async function saveEditablePage(db: Db, slug: PageSlug, input: { i18n: Record<string, Record<string, unknown>>; extra: Record<string, string> }) {
  await upsertPage(db, { slug, i18n: prepareI18n(PAGE_TEXTS, input.i18n), extra: JSON.stringify(input.extra), updated_at: nowIso() });
  return getEditablePage(db, slug);
}
