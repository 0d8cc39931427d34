import type { ContentImagePurpose } from '../../../common/console/uploads';
import { NEWS_CATEGORIES, SPONSOR_TIERS } from '../../../common/constants';

/** How the console's editor shows each content kind; mirrors CONTENT_KINDS on the server. */
export type FieldType = 'text' | 'textarea' | 'rich' | 'lines' | 'number' | 'datetime' | 'select' | 'image' | 'video';
export type FieldDef = {
  name: string;
  label: string;
  type?: FieldType;
  options?: { value: string; label: string }[];
  required?: boolean;
  /** For 'image' fields: which upload purpose (and so which size) the uploaded file gets. */
  purpose?: ContentImagePurpose;
  /** An address (link, file): checked with the shared URL rule. Image and video fields are addresses too. */
  url?: boolean;
};
export type KindDef = { columns: FieldDef[]; texts: FieldDef[]; titleField: string; publishable?: boolean };
export type KindName = 'news' | 'jury' | 'exhibitions' | 'sponsors' | 'templates' | 'scamTips';

const sort: FieldDef = { name: 'sort', label: 'console.field.sort', type: 'number' };
const publishedAt: FieldDef = { name: 'publishedAt', label: 'console.field.publishedAt', type: 'datetime' };
/** News items and exhibitions are both articles: a title, a summary for the lists, a rich body. */
const articleTexts: FieldDef[] = [
  { name: 'title', label: 'console.field.title' },
  { name: 'summary', label: 'console.field.summary', type: 'textarea' },
  { name: 'body', label: 'console.field.body', type: 'rich' },
];

export const KIND_DEFS: Record<KindName, KindDef> = {
  news: {
    columns: [
      { name: 'category', label: 'console.field.category', type: 'select', options: NEWS_CATEGORIES.map((c) => ({ value: c, label: `news.category.${c}` })) },
      {
        name: 'status',
        label: 'console.field.status',
        type: 'select',
        options: [
          { value: 'published', label: 'console.content.published' },
          { value: 'draft', label: 'console.content.draft' },
        ],
      },
      { name: 'coverUrl', label: 'console.field.coverUrl', required: true, type: 'image', purpose: 'newsCover' },
      publishedAt,
      sort,
    ],
    texts: articleTexts,
    titleField: 'title',
    publishable: true,
  },
  jury: {
    columns: [{ name: 'photoUrl', label: 'console.field.photoUrl', required: true, type: 'image', purpose: 'juryPhoto' }, sort],
    texts: [
      { name: 'name', label: 'console.field.name' },
      { name: 'title', label: 'console.field.personTitle' },
      { name: 'achievements', label: 'console.field.achievements', type: 'lines' },
    ],
    titleField: 'name',
  },
  exhibitions: {
    columns: [
      { name: 'coverUrl', label: 'console.field.coverUrl', required: true, type: 'image', purpose: 'exhibitionCover' },
      // A video address (the exhibition page plays it with the cover as poster): typed, or filled by a video upload.
      { name: 'mediaUrl', label: 'console.field.mediaUrl', type: 'video' },
      publishedAt,
      sort,
    ],
    texts: articleTexts,
    titleField: 'title',
  },
  sponsors: {
    columns: [
      { name: 'logoUrl', label: 'console.field.logoUrl', required: true, type: 'image', purpose: 'sponsorLogo' },
      { name: 'link', label: 'console.field.link', required: true, url: true },
      { name: 'tier', label: 'console.field.tier', type: 'select', options: SPONSOR_TIERS.map((t) => ({ value: t, label: `thanks.tier.${t}` })) },
      sort,
    ],
    texts: [{ name: 'name', label: 'console.field.name' }],
    titleField: 'name',
  },
  templates: {
    columns: [
      { name: 'slug', label: 'console.field.slug', required: true },
      { name: 'fileUrl', label: 'console.field.fileUrl', required: true, url: true },
      { name: 'fileName', label: 'console.field.fileName', required: true },
      sort,
    ],
    texts: [{ name: 'title', label: 'console.field.title' }],
    titleField: 'title',
  },
  scamTips: {
    columns: [sort],
    texts: [
      { name: 'title', label: 'console.field.title' },
      { name: 'body', label: 'console.field.text', type: 'textarea' },
    ],
    titleField: 'title',
  },
};

export function isKindName(v: string | undefined): v is KindName {
  return v !== undefined && v in KIND_DEFS;
}

/** A new item's starting values. */
export function emptyValues(kind: KindName): Record<string, unknown> {
  const base: Record<string, unknown> = { sort: 0, i18n: { 'zh-CN': {}, 'zh-TW': {}, 'en-US': {} } };
  if (kind === 'news') Object.assign(base, { category: 'announcement', status: 'draft', publishedAt: new Date().toISOString(), coverUrl: '' });
  if (kind === 'exhibitions') Object.assign(base, { publishedAt: new Date().toISOString(), mediaUrl: null, coverUrl: '' });
  if (kind === 'sponsors') Object.assign(base, { tier: 'partner' });
  return base;
}
