import type { Paged } from '../../../../common/api-types';
import type { AdminContentRow } from '../../../../common/console/api-types';
import { Code, type ErrorCode, isErrorCode } from '../../../../common/errors';
import { SUPPORTED_LOCALES } from '../../../../common/locales';
import { type Db, nowIso } from '../../db/database';
import { deleteContent, findContent, insertContent, listContent, updateContent } from '../../db/repos/console/content';
import { AppError } from '../../errors';
import { parseI18n } from '../content/localize';
import { pageWindow } from '../content/paging';
import { fillTraditional } from './fill-traditional';
import { CONTENT_KINDS, type ContentKind, type ContentKindName } from './kinds';
import { sanitizeRichText } from './rich-text';

type Texts = Record<string, unknown>;

/** Sanitises rich fields in every locale and fills zh-TW from zh-CN; the one path every save goes through. */
export function prepareI18n(kind: Pick<ContentKind, 'texts' | 'rich'>, i18n: Record<string, Texts | undefined>): string {
  const clean: Record<string, Texts> = {};
  for (const locale of SUPPORTED_LOCALES) {
    const texts = { ...(i18n[locale] ?? {}) };
    for (const field of kind.rich) if (typeof texts[field] === 'string') texts[field] = sanitizeRichText(texts[field] as string);
    clean[locale] = texts;
  }
  return JSON.stringify(fillTraditional(clean, kind.texts));
}

function toApi(kind: ContentKind, row: Record<string, unknown>): AdminContentRow {
  const out: AdminContentRow = { id: Number(row.id), i18n: parseI18n(String(row.i18n)) as AdminContentRow['i18n'] };
  for (const [field, column] of Object.entries(kind.columns)) out[field] = row[column];
  if (kind.stamps.updated) out.updatedAt = row.updated_at;
  return out;
}

function toColumns(kind: ContentKind, input: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(kind.columns)) if (field in input) values[column] = input[field];
  values.i18n = prepareI18n(kind, input.i18n as Record<string, Texts>);
  return values;
}

export async function listKind(db: Db, name: ContentKindName, q: { page?: number; pageSize?: number; status?: string; category?: string }) {
  const kind: ContentKind = CONTENT_KINDS[name];
  const w = pageWindow({ page: q.page, pageSize: q.pageSize ?? 50 });
  const where: Record<string, unknown> = {};
  for (const f of kind.filters ?? []) where[f] = (q as Record<string, unknown>)[f];
  const { rows, total } = await listContent(db, kind.table, { offset: w.offset, limit: w.limit, where, orderBy: kind.orderBy });
  return { items: rows.map((r) => toApi(kind, r)), total, page: w.page, pageSize: w.pageSize } satisfies Paged<AdminContentRow>;
}

export async function getKind(db: Db, name: ContentKindName, id: number): Promise<AdminContentRow> {
  const kind: ContentKind = CONTENT_KINDS[name];
  const row = await findContent(db, kind.table, id);
  if (!row) throw new AppError(Code.NotFound);
  return toApi(kind, row);
}

/** Validates with the kind's schema (the route cannot know which one before reading the path). */
function parseInput(kind: ContentKind, body: unknown): Record<string, unknown> {
  const parsed = kind.body.safeParse(body);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const fields: Record<string, ErrorCode> = {};
  for (const issue of parsed.error.issues) {
    const n = Number(issue.message);
    fields[issue.path.join('.') || '_'] ??= isErrorCode(n) ? n : Code.ParameterError;
  }
  const first = Object.values(fields)[0] ?? Code.ParameterError;
  throw new AppError(first, { status: 400, fields });
}

export async function createKind(db: Db, name: ContentKindName, body: unknown): Promise<AdminContentRow> {
  const kind: ContentKind = CONTENT_KINDS[name];
  const values = toColumns(kind, parseInput(kind, body));
  const now = nowIso();
  if (kind.stamps.created) values.created_at = now;
  if (kind.stamps.updated) values.updated_at = now;
  const id = await insertContent(db, kind.table, values);
  return getKind(db, name, id);
}

export async function updateKind(db: Db, name: ContentKindName, id: number, body: unknown): Promise<AdminContentRow> {
  const kind: ContentKind = CONTENT_KINDS[name];
  const values = toColumns(kind, parseInput(kind, body));
  if (kind.stamps.updated) values.updated_at = nowIso();
  if (!(await updateContent(db, kind.table, id, values))) throw new AppError(Code.NotFound);
  return getKind(db, name, id);
}

export async function deleteKind(db: Db, name: ContentKindName, id: number): Promise<void> {
  if (!(await deleteContent(db, CONTENT_KINDS[name].table, id))) throw new AppError(Code.NotFound);
}

/** Publish / unpublish a news item without sending the whole form. */
export async function setNewsStatus(db: Db, id: number, published: boolean): Promise<AdminContentRow> {
  if (!(await updateContent(db, 'news', id, { status: published ? 'published' : 'draft', updated_at: nowIso() }))) throw new AppError(Code.NotFound);
  return getKind(db, 'news', id);
}
