import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEWS_CATEGORIES, PAGE_SLUGS } from '../../../../common/constants';
import { SUPPORTED_LOCALES } from '../../../../common/locales';
import { jsonAnswer, LOCALE_VARY, replyCached } from '../../plugins/response-cache';
import { publicAwards } from '../../services/content/awards';
import { getExhibition, listExhibitions } from '../../services/content/exhibitions';
import { siteIdentity } from '../../services/content/identity';
import { listJury } from '../../services/content/jury';
import { getNews, listNews } from '../../services/content/news';
import { getPage } from '../../services/content/pages';
import { pageShareImage, SHARE_IMAGE_PAGES } from '../../services/content/share-image';
import { listSponsors } from '../../services/content/sponsors';
import { listTemplates } from '../../services/content/templates';
import { getContestInfo } from '../../services/contest/contest-info';
import { ok } from '../reply';

const paging = {
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).optional(),
};
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Public read API of the content the organiser publishes. Handlers stay thin: services do the work. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  // News is the same for every visitor of a locale: served from memory, dropped by console writes.
  app.get('/api/news', { schema: { querystring: z.object({ ...paging, category: z.enum(NEWS_CATEGORIES).optional() }) } }, async (req, reply) =>
    replyCached(req, reply, { key: `news:${req.locale}:${JSON.stringify(req.query)}`, lifetime: 'content', sharing: 'public', vary: LOCALE_VARY }, async () =>
      jsonAnswer(await listNews(db, req.locale, req.query)),
    ),
  );
  app.get('/api/news/:id', { schema: { params: idParam } }, async (req, reply) =>
    replyCached(req, reply, { key: `news:${req.locale}:${req.params.id}`, lifetime: 'content', sharing: 'public', vary: LOCALE_VARY }, async () =>
      jsonAnswer(await getNews(db, req.locale, req.params.id)),
    ),
  );
  app.get('/api/jury', async (req) => ok(await listJury(db, req.locale)));
  app.get('/api/exhibitions', { schema: { querystring: z.object(paging) } }, async (req) => ok(await listExhibitions(db, req.locale, req.query)));
  app.get('/api/exhibitions/:id', { schema: { params: idParam } }, async (req) => ok(await getExhibition(db, req.locale, req.params.id)));
  app.get('/api/sponsors', async (req) => ok(await listSponsors(db, req.locale)));
  app.get('/api/pages/:slug', { schema: { params: z.object({ slug: z.enum(PAGE_SLUGS) }) } }, async (req) =>
    ok(await getPage(db, req.locale, req.params.slug)),
  );
  app.get('/api/templates', async (req) => ok(await listTemplates(db, req.locale)));
  app.get('/api/contest', async () => ok(await getContestInfo(db, app.ctx.config.contestTimezone)));
  // Link previews of the pages (og:image): drawn once per page and locale, dropped with the content like the page.
  app.get(
    '/api/site/share-image',
    { schema: { querystring: z.object({ page: z.enum(SHARE_IMAGE_PAGES as [string, ...string[]]), locale: z.enum(SUPPORTED_LOCALES) }) } },
    async (req, reply) =>
      replyCached(req, reply, { key: `share-image:${req.query.page}:${req.query.locale}`, lifetime: 'content', sharing: 'public' }, async () => ({
        type: 'image/png',
        body: await pageShareImage(app.ctx, req.query.locale, req.query.page),
      })),
  );
  // The prizes' names for the contest page: the same for every visitor of a locale, dropped by console writes.
  app.get('/api/awards', async (req, reply) =>
    replyCached(req, reply, { key: `awards:${req.locale}`, lifetime: 'content', sharing: 'public', vary: LOCALE_VARY }, async () =>
      jsonAnswer(await publicAwards(db, req.locale)),
    ),
  );
  // Who runs the contest (name, organiser, footer, QR, filings): every page shows it, so it is served from memory.
  app.get('/api/site/identity', async (req, reply) =>
    replyCached(req, reply, { key: `identity:${req.locale}`, lifetime: 'content', sharing: 'public', vary: LOCALE_VARY }, async () =>
      jsonAnswer(await siteIdentity(db, req.locale)),
    ),
  );
};
