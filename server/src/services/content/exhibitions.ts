import type { ExhibitionDetail, ExhibitionSummary, Paged } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { findExhibition, listExhibitions as listRows } from '../../db/repos/exhibitions';
import { AppError } from '../../errors';
import { localize } from './localize';
import { type PageRequest, pageWindow } from './paging';

type Texts = { title: string; summary: string; body: string };
type Row = { id: number; cover_url: string; published_at: string; i18n: string };

function toSummary(row: Row, locale: Locale): ExhibitionSummary {
  const t = localize<Texts>(row.i18n, locale, ['title', 'summary']);
  return { id: row.id, title: t.title, summary: t.summary, coverUrl: row.cover_url, publishedAt: row.published_at };
}

export async function listExhibitions(db: Db, locale: Locale, req: PageRequest): Promise<Paged<ExhibitionSummary>> {
  const w = pageWindow(req);
  const { rows, total } = await listRows(db, { offset: w.offset, limit: w.limit });
  return { items: rows.map((r) => toSummary(r, locale)), total, page: w.page, pageSize: w.pageSize };
}

export async function getExhibition(db: Db, locale: Locale, id: number): Promise<ExhibitionDetail> {
  const row = await findExhibition(db, id);
  if (!row) throw new AppError(Code.NotFound);
  return { ...toSummary(row, locale), body: localize<Texts>(row.i18n, locale, ['body']).body, mediaUrl: row.media_url };
}
