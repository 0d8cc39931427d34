import type { FastifyInstance } from 'fastify';
import { SUPPORTED_LOCALES } from '../../../../common/locales';
import { PAGE_ROUTES } from '../../../../common/routes';
import { escapeHtml } from '../../html/escape';

/** /robots.txt and /sitemap.xml (every indexable page in every locale, plus news and exhibition items). */
export async function seoRoutes(app: FastifyInstance) {
  const { publicUrl } = app.ctx.config;
  const { db } = app.ctx;

  app.get('/robots.txt', async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (_req, reply) => {
    const paths: string[] = PAGE_ROUTES.filter((r) => r.indexable).map((r) => `/${r.path}`);
    const [news, exhibitions] = await Promise.all([
      db.selectFrom('news').select('id').where('status', '=', 'published').execute(),
      db.selectFrom('exhibitions').select('id').execute(),
    ]);
    paths.push(...news.map((n) => `/events/${n.id}`), ...exhibitions.map((e) => `/exhibition/${e.id}`));
    const urls: string[] = [];
    for (const p of paths) {
      urls.push(p);
      if (p !== '/share') for (const l of SUPPORTED_LOCALES) urls.push(`/${l}${p}`);
    }
    const body = urls.map((u) => `  <url><loc>${escapeHtml(publicUrl + u)}</loc></url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
  });
}
