import type { FastifyInstance } from 'fastify';
import { sitemapXml } from '../../services/content/sitemap';

/** /robots.txt and /sitemap.xml (every indexable page in every locale, plus news and exhibition items). */
export async function seoRoutes(app: FastifyInstance) {
  const { publicUrl } = app.ctx.config;
  const { db } = app.ctx;

  app.get('/robots.txt', async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (_req, reply) => reply.type('application/xml; charset=utf-8').send(await sitemapXml(db, publicUrl)));
}
