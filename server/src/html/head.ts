import { escapeHtml } from '../../../common/html-escape';
import { isRtl, type Locale, SUPPORTED_LOCALES } from '../../../common/locales';

export type HeadInfo = {
  locale: Locale;
  title: string;
  /** Title for shared previews (the item's own title on detail pages, without the site name). */
  shareTitle: string;
  description: string;
  siteName: string;
  /** Path of this page without locale prefix, e.g. "/events/3". */
  path: string;
  /** Whether the page exists under /{lang} prefixes (false for /share). */
  localized: boolean;
  /** Whether the request URL carried a /{lang} prefix. */
  prefixed: boolean;
  publicUrl: string;
  imageUrl?: string;
  type?: 'website' | 'article' | 'video.other';
  noindex?: boolean;
};

const OG_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh_CN', 'zh-TW': 'zh_TW', 'en-US': 'en_US' };

function absolute(publicUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The <head> tags of one page: title, description, canonical, hreflang, Open Graph, Twitter card. */
export function renderHead(h: HeadInfo): string {
  const canonical = `${h.publicUrl}${h.prefixed ? `/${h.locale}` : ''}${h.path}`;
  const tags: string[] = [
    `<title>${escapeHtml(h.title)}</title>`,
    `<meta name="description" content="${escapeHtml(h.description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
  ];
  if (h.noindex) tags.push('<meta name="robots" content="noindex">');
  if (h.localized) {
    for (const l of SUPPORTED_LOCALES) {
      tags.push(`<link rel="alternate" hreflang="${l}" href="${escapeHtml(`${h.publicUrl}/${l}${h.path}`)}">`);
    }
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${h.publicUrl}${h.path}`)}">`);
  }
  const og: [string, string][] = [
    ['og:type', h.type ?? 'website'],
    ['og:site_name', h.siteName],
    ['og:title', h.shareTitle],
    ['og:description', h.description],
    ['og:url', canonical],
    ['og:locale', OG_LOCALE[h.locale]],
  ];
  if (h.imageUrl) og.push(['og:image', absolute(h.publicUrl, h.imageUrl)]);
  for (const [p, c] of og) tags.push(`<meta property="${p}" content="${escapeHtml(c)}">`);
  const tw: [string, string][] = [
    ['twitter:card', h.imageUrl ? 'summary_large_image' : 'summary'],
    ['twitter:title', h.shareTitle],
    ['twitter:description', h.description],
  ];
  if (h.imageUrl) tw.push(['twitter:image', absolute(h.publicUrl, h.imageUrl)]);
  for (const [n, c] of tw) tags.push(`<meta name="${n}" content="${escapeHtml(c)}">`);
  return tags.join('\n    ');
}

/** Puts lang/dir on <html> and the head tags (then `extra`: preloads, data blocks) at the marker. */
export function renderDocument(template: string, marker: string, h: HeadInfo, extra = ''): string {
  const dir = isRtl(h.locale) ? 'rtl' : 'ltr';
  const head = extra ? `${renderHead(h)}\n    ${extra}` : renderHead(h);
  // A function replacement: `$` sequences in stored titles must stay literal.
  return template.replace(/<html[^>]*>/, `<html lang="${h.locale}" dir="${dir}">`).replace(marker, () => head);
}
