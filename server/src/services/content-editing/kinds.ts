import type { z } from 'zod';
import { exhibitionBody, juryBody, newsBody, scamTipBody, sponsorBody, templateBody } from '../../../../common/console/schemas';
import type { ContentTable } from '../../db/repos/console/content';

/**
 * What the console can edit, described once: the table, the API field -> column map, which localized
 * fields exist (rich ones are sanitised), and how the list is ordered. The generic content service and
 * routes are driven by this table.
 */
export type ContentKind = {
  table: ContentTable;
  body: z.ZodType;
  columns: Record<string, string>;
  texts: readonly string[];
  rich: readonly string[];
  stamps: { created?: boolean; updated?: boolean };
  orderBy: [string, 'asc' | 'desc'][];
  filters?: readonly string[];
};

export const CONTENT_KINDS = {
  news: {
    table: 'news',
    body: newsBody,
    columns: { category: 'category', coverUrl: 'cover_url', publishedAt: 'published_at', status: 'status', sort: 'sort' },
    texts: ['title', 'summary', 'body'],
    rich: ['body'],
    stamps: { created: true, updated: true },
    orderBy: [
      ['published_at', 'desc'],
      ['sort', 'desc'],
      ['id', 'desc'],
    ],
    filters: ['status', 'category'],
  },
  jury: {
    table: 'jury_members',
    body: juryBody,
    columns: { photoUrl: 'photo_url', sort: 'sort' },
    texts: ['name', 'title', 'achievements'],
    rich: [],
    stamps: { created: true },
    orderBy: [
      ['sort', 'asc'],
      ['id', 'asc'],
    ],
  },
  exhibitions: {
    table: 'exhibitions',
    body: exhibitionBody,
    columns: { coverUrl: 'cover_url', mediaUrl: 'media_url', publishedAt: 'published_at', sort: 'sort' },
    texts: ['title', 'summary', 'body'],
    rich: ['body'],
    stamps: { created: true },
    orderBy: [
      ['sort', 'asc'],
      ['published_at', 'desc'],
      ['id', 'desc'],
    ],
  },
  sponsors: {
    table: 'sponsors',
    body: sponsorBody,
    columns: { logoUrl: 'logo_url', link: 'link', tier: 'tier', sort: 'sort' },
    texts: ['name'],
    rich: [],
    stamps: {},
    orderBy: [
      ['sort', 'asc'],
      ['id', 'asc'],
    ],
  },
  templates: {
    table: 'templates',
    body: templateBody,
    columns: { slug: 'slug', fileUrl: 'file_url', fileName: 'file_name', sort: 'sort' },
    texts: ['title'],
    rich: [],
    stamps: {},
    orderBy: [
      ['sort', 'asc'],
      ['id', 'asc'],
    ],
  },
  // The scam-prevention tips of /share (shown as plain text there).
  scamTips: {
    table: 'scam_tips',
    body: scamTipBody,
    columns: { sort: 'sort' },
    texts: ['title', 'body'],
    rich: [],
    stamps: { created: true },
    orderBy: [
      ['sort', 'asc'],
      ['id', 'asc'],
    ],
  },
} as const satisfies Record<string, ContentKind>;

export type ContentKindName = keyof typeof CONTENT_KINDS;
export const CONTENT_KIND_NAMES = Object.keys(CONTENT_KINDS) as ContentKindName[];
