import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHALLENGE_PURPOSES } from '../../../../common/challenge';
import { Code, codeMessage, errorMessage } from '../../../../common/errors';
import { GALLERY_SORTS } from '../../../../common/gallery';
import { SUPPORTED_LOCALES } from '../../../../common/locales';
import { contactSchema, scamReportSchema } from '../../../../common/schemas/contact';
import { phoneCodeRequestSchema, voteCodeRequestSchema, voteSchema } from '../../../../common/schemas/vote';
import { RECEIPT_INPUT_MAX } from '../../../../common/vote-check';
import { cachedAnswer, jsonAnswer, LOCALE_VARY, replyCached, sendCached } from '../../plugins/response-cache';
import { entryShareImage } from '../../services/content/share-image';
import { entryCaptions } from '../../services/gallery/captions';
import { reportScam, sendContactMessage } from '../../services/gallery/contact';
import { listGallery, publicGalleryEntry, votedFor } from '../../services/gallery/gallery-reads';
import { homeFilms } from '../../services/gallery/home-films';
import { renderPoster } from '../../services/gallery/poster';
import { getScamTips } from '../../services/gallery/scam-tips';
import { subnetOf } from '../../services/gallery/subnet';
import { transparencyReport } from '../../services/gallery/transparency';
import { checkReceipt } from '../../services/gallery/vote-receipts';
import { sendVoteCode } from '../../services/gallery/voter-email';
import { sendPhoneCode } from '../../services/gallery/voter-phone';
import { castVote, challengeFor } from '../../services/gallery/votes';
import { DEFAULT_RATE_PER_MINUTE, votingSettings } from '../../services/gallery/voting-settings';
import { ok } from '../reply';
import { ensureVoterKey, markViewed, readVoterKey, readWechatId, viewedBefore } from './voter-cookie';
import { wechatVoterRoutes } from './wechat';

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const byIp = (req: FastifyRequest) => req.clientIp;
const bySubnet = (req: FastifyRequest) => subnetOf(req.clientIp);

/** Gallery, voting, poster, proof-of-work challenge, contact and scam-report API. Handlers stay thin: services do the work. */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const secureCookie = ctx.config.publicUrl.startsWith('https://');

  app.get(
    '/api/gallery',
    {
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).optional(),
          pageSize: z.coerce.number().int().min(1).max(50).optional(),
          group: z.string().max(32).optional(),
          q: z.string().trim().max(100).optional(),
          sort: z.enum(GALLERY_SORTS).optional(),
        }),
      },
    },
    // The same for every visitor of a locale (its titles are the locale's; no user); its counts are at most a second old.
    async (req, reply) =>
      replyCached(
        req,
        reply,
        { key: `gallery:${req.locale}:${JSON.stringify(req.query)}`, lifetime: 'counts', sharing: 'public', vary: LOCALE_VARY },
        async () => jsonAnswer(await listGallery(ctx.db, req.query, req.locale)),
      ),
  );

  // The home page's films strip: the same for every visitor of a locale, kept like the list (counts at most a second old).
  app.get('/api/gallery/home', async (req, reply) =>
    replyCached(req, reply, { key: `gallery-home:${req.locale}`, lifetime: 'counts', sharing: 'public', vary: LOCALE_VARY }, async () =>
      jsonAnswer(await homeFilms(ctx.db, req.locale)),
    ),
  );

  // The entry as everyone sees it comes from memory in two forms (voted or not); whether this visitor voted
  // is looked up per request. Private: it depends on the visitor, and the viewed cookie (a fraud signal read
  // by the vote) is set on every answer, 304s included.
  app.get('/api/gallery/entries/:id', { schema: { params: idParam } }, async (req, reply) => {
    const id = req.params.id;
    const timeZone = ctx.config.contestTimezone;
    const voted = await votedFor(ctx.db, id, { voterKey: readVoterKey(req), userId: (await req.sessionUser())?.id, wechatId: readWechatId(req) }, timeZone);
    // Without a cookie or token: not voted, and the viewed cookie holds this entry alone, so that response is replayable.
    const spec = { key: `entry:${id}:${req.locale}:${voted}`, lifetime: 'counts', sharing: 'private', vary: LOCALE_VARY, replayAnonymous: true } as const;
    const answer = await cachedAnswer(req, spec, async () => {
      const entry = await publicGalleryEntry(ctx.db, id, { publicUrl: ctx.config.publicUrl, locale: req.locale, timeZone });
      return jsonAnswer({ ...entry, voted });
    });
    markViewed(req, reply, id, secureCookie); // only for an entry that exists (2100 throws above)
    return sendCached(req, reply, answer, spec);
  });

  // From memory like the other public reads (converted once per lifetime, not per request; a console write or a
  // withdrawal drops it at once here); browsers and CDNs revalidate, so removed captions stop within seconds.
  app.get('/api/gallery/entries/:id/captions.vtt', { schema: { params: idParam } }, async (req, reply) =>
    replyCached(req, reply, { key: `captions:${req.params.id}`, lifetime: 'content', sharing: 'public' }, async () => ({
      type: 'text/vtt; charset=utf-8',
      body: await entryCaptions(ctx, req.params.id),
    })),
  );

  app.post(
    '/api/gallery/entries/:id/vote',
    {
      schema: { params: idParam, body: voteSchema.optional() },
      config: {
        rateLimit: {
          keyGenerator: byIp,
          timeWindow: 60_000,
          // The organiser's setting (0 = off, e.g. for a load test); read per request so a change applies at once.
          max: async () => {
            const n = (await votingSettings(ctx.db)).ratePerMinute;
            return n === 0 ? Number.MAX_SAFE_INTEGER : n || DEFAULT_RATE_PER_MINUTE;
          },
        },
      },
    },
    async (req, reply) => {
      const voterKey = ensureVoterKey(req, reply, secureCookie);
      const result = await castVote(ctx, {
        entryId: req.params.id,
        voterKey,
        ip: req.clientIp,
        altcha: req.body?.altcha,
        email: req.body?.email,
        phone: req.body?.phone,
        code: req.body?.code,
        wechatId: readWechatId(req),
        userId: (await req.sessionUser())?.id,
        userAgent: req.headers['user-agent'],
        viewedFirst: viewedBefore(req, req.params.id),
      });
      return ok(result, errorMessage(Code.VoteSuccess, req.locale));
    },
  );

  // A receipt's holder asks what became of the vote. Twenty a minute per address: a person checks a few,
  // and guessing is hopeless anyway (a receipt is 128 bits, 64 of them a check value).
  app.post(
    '/api/gallery/receipt',
    {
      schema: { body: z.object({ receipt: z.string().max(RECEIPT_INPUT_MAX, codeMessage(Code.ReceiptFormat)) }) },
      config: { rateLimit: { keyGenerator: byIp, max: 20, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await checkReceipt(ctx, req.body.receipt, req.locale));
    },
  );

  // The public account of the vote (only once voting closed and the organiser published it); the same for everyone.
  app.get('/api/gallery/transparency', async (req, reply) =>
    replyCached(req, reply, { key: 'transparency', lifetime: 'counts', sharing: 'public' }, async () => jsonAnswer(await transparencyReport(ctx.db))),
  );

  // E-mail voting: a 6-digit code to the address (a solved challenge per request; five an hour per mailbox,
  // twenty per ten minutes per subnet, so neither +tags nor a block of addresses floods one inbox).
  app.post(
    '/api/gallery/vote-code',
    { schema: { body: voteCodeRequestSchema }, config: { rateLimit: { keyGenerator: bySubnet, max: 20, timeWindow: 600_000 } } },
    async (req) => {
      await sendVoteCode(ctx, req.body, req.locale, req.clientIp);
      return ok({ sent: true });
    },
  );

  // Phone voting: a 6-digit code texted to a mobile number (a solved challenge per request; five an hour per
  // number and twenty an hour per subnet, counted in the database so every instance sees them; ten per ten
  // minutes per address here, before any work).
  app.post(
    '/api/gallery/vote-sms',
    { schema: { body: phoneCodeRequestSchema }, config: { rateLimit: { keyGenerator: byIp, max: 10, timeWindow: 600_000 } } },
    async (req) => {
      await sendPhoneCode(ctx, req.body, req.locale, req.clientIp, (line) => req.log.warn(line));
      return ok({ sent: true });
    },
  );

  // An entry's link preview (og:image of its page): from memory, dropped with the content.
  app.get(
    '/api/gallery/entries/:id/share-image',
    { schema: { params: idParam, querystring: z.object({ locale: z.enum(SUPPORTED_LOCALES) }) } },
    async (req, reply) =>
      replyCached(req, reply, { key: `entry-share-image:${req.params.id}:${req.query.locale}`, lifetime: 'content', sharing: 'public' }, async () => ({
        type: 'image/png',
        body: await entryShareImage(ctx, req.query.locale, req.params.id),
      })),
  );

  app.get(
    '/api/gallery/entries/:id/poster',
    {
      schema: { params: idParam, querystring: z.object({ locale: z.enum(SUPPORTED_LOCALES).optional() }) },
      config: { rateLimit: { keyGenerator: byIp, max: 30, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const png = await renderPoster(ctx, req.params.id, req.query.locale ?? req.locale);
      return reply
        .type('image/png')
        .header('content-disposition', `attachment; filename="poster-${req.params.id}.png"`)
        .header('cache-control', 'no-store')
        .send(png);
    },
  );

  // A vote's challenge is as hard as the address's recent votes make it; a form's is the base difficulty.
  app.get(
    '/api/challenge',
    {
      schema: { querystring: z.object({ purpose: z.enum(CHALLENGE_PURPOSES) }) },
      config: { rateLimit: { keyGenerator: byIp, max: 120, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await challengeFor(ctx, req.query.purpose, req.clientIp));
    },
  );

  app.post('/api/contact', { schema: { body: contactSchema }, config: { rateLimit: { keyGenerator: byIp, max: 10, timeWindow: 600_000 } } }, async (req) => {
    await sendContactMessage(ctx, req.body, { locale: req.locale, ip: req.clientIp });
    return ok({ sent: true });
  });

  await wechatVoterRoutes(app, secureCookie);

  app.get('/api/scam-tips', async (req) => ok(await getScamTips(ctx.db, req.locale)));

  app.post(
    '/api/scam-reports',
    { schema: { body: scamReportSchema }, config: { rateLimit: { keyGenerator: byIp, max: 10, timeWindow: 600_000 } } },
    async (req) => {
      await reportScam(ctx, req.body, { locale: req.locale, ip: req.clientIp });
      return ok({ stored: true });
    },
  );
};
