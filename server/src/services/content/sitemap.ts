import { escapeHtml } from '../../../../common/html-escape';
import { SUPPORTED_LOCALES } from '../../../../common/locales';
import { PAGE_ROUTES } from '../../../../common/routes';
import type { Db } from '../../db/database';
import { listExhibitionIds } from '../../db/repos/exhibitions';
import { listPublishedNewsIds } from '../../db/repos/news';

/** /sitemap.xml: every indexable page in every locale (and bare), plus each published news item and exhibition. */
export async function sitemapXml(db: Db, publicUrl: string): Promise<string> {
  const paths: string[] = PAGE_ROUTES.filter((r) => r.indexable).map((r) => `/${r.path}`);
  const [news, exhibitions] = await Promise.all([listPublishedNewsIds(db), listExhibitionIds(db)]);
  paths.push(...news.map((n) => `/events/${n.id}`), ...exhibitions.map((e) => `/exhibition/${e.id}`));
  const urls: string[] = [];
  for (const p of paths) {
    urls.push(p);
    if (p !== '/share') for (const l of SUPPORTED_LOCALES) urls.push(`/${l}${p}`);
  }
  const body = urls.map((u) => `  <url><loc>${escapeHtml(publicUrl + u)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
