import type { NewsDetail, NewsSummary, Paged } from '../../../../common/api-types';
import type { NewsCategory } from '../../../../common/constants';
import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { findNewsNeighbours, findPublishedNews, listPublishedNews } from '../../db/repos/news';
import type { NewsTable } from '../../db/schema/index';
import { AppError } from '../../errors';
import { localize } from './localize';
import { type PageRequest, pageWindow } from './paging';

type NewsRow = Omit<NewsTable, 'id'> & { id: number };
type NewsTexts = { title: string; summary: string; body: string };

function toSummary(row: NewsRow, locale: Locale): NewsSummary {
  const t = localize<NewsTexts>(row.i18n, locale, ['title', 'summary']);
  return {
    id: row.id,
    category: row.category as NewsCategory,
    title: t.title,
    summary: t.summary,
    coverUrl: row.cover_url,
    publishedAt: row.published_at,
  };
}

export async function listNews(db: Db, locale: Locale, req: PageRequest & { category?: NewsCategory }): Promise<Paged<NewsSummary>> {
  const w = pageWindow(req);
  const { rows, total } = await listPublishedNews(db, { offset: w.offset, limit: w.limit, category: req.category });
  return { items: rows.map((r) => toSummary(r, locale)), total, page: w.page, pageSize: w.pageSize };
}

export async function getNews(db: Db, locale: Locale, id: number): Promise<NewsDetail> {
  const row = await findPublishedNews(db, id);
  if (!row) throw new AppError(Code.NotFound);
  const { newer, older } = await findNewsNeighbours(db, row.published_at, row.id);
  const link = (r: { id: number; i18n: string } | undefined) => (r ? { id: r.id, title: localize<{ title: string }>(r.i18n, locale, ['title']).title } : null);
  return {
    ...toSummary(row, locale),
    body: localize<NewsTexts>(row.i18n, locale, ['body']).body,
    newer: link(newer),
    older: link(older),
  };
}
