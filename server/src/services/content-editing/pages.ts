import type { EditablePage } from '../../../../common/console/api-types';
import { PAGE_SLUGS, type PageSlug } from '../../../../common/constants';
import { Code } from '../../../../common/errors';
import { type Db, nowIso } from '../../db/database';
import { findPage, listPages, setPagePublishedAt, upsertPage } from '../../db/repos/console/content';
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

type PageRow = NonNullable<Awaited<ReturnType<typeof findPage>>>;

/** A page nobody has written yet is an ordinary state of a new contest, not a missing record. */
function toEditable(slug: PageSlug, p: PageRow | undefined): EditablePage {
  if (!p) return { slug, i18n: {}, extra: {}, updatedAt: null, published: false, publishedAt: null };
  return {
    slug,
    i18n: parseI18n(p.i18n) as EditablePage['i18n'],
    extra: parseExtra(p.extra),
    updatedAt: p.updated_at,
    published: p.published_at !== null,
    publishedAt: p.published_at,
  };
}

/** Every editable page, written or not, in the order of PAGE_SLUGS. */
export async function listEditablePages(db: Db): Promise<EditablePage[]> {
  const rows = new Map((await listPages(db)).map((p) => [p.slug, p]));
  return PAGE_SLUGS.map((slug) => toEditable(slug, rows.get(slug)));
}

export async function getEditablePage(db: Db, slug: PageSlug): Promise<EditablePage> {
  return toEditable(slug, await findPage(db, slug));
}

/** Saves the texts (a first save creates the page as a draft); whether it is published does not change. */
export async function saveEditablePage(db: Db, slug: PageSlug, input: { i18n: Record<string, Record<string, unknown>>; extra: Record<string, string> }) {
  await upsertPage(db, { slug, i18n: prepareI18n(PAGE_TEXTS, input.i18n), extra: JSON.stringify(input.extra), updated_at: nowIso() });
  return getEditablePage(db, slug);
}

/** Publishing needs saved texts: an unwritten page would only show visitors its empty state anyway. */
export async function setPagePublished(db: Db, slug: PageSlug, published: boolean): Promise<EditablePage> {
  const changed = await setPagePublishedAt(db, slug, published ? nowIso() : null);
  if (changed === 0) throw new AppError(Code.PageNotWritten);
  return getEditablePage(db, slug);
}
