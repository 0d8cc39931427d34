import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationBody, invitationQuery, recuseBody, scoreSheetBody } from '../../../../common/jury/schemas';
import { currentUserOf, requireJuror } from '../../plugins/auth';
import { acceptInvitation, checkInvitation } from '../../services/jury/invitations';
import { judgingState, myEntries, myEntry, saveSheet, setRecusal } from '../../services/jury/judging';
import { publicResults, resultsPublished } from '../../services/jury/results';
import { perIpLimit } from '../accounts/limit-hooks';
import { ok } from '../reply';

/** Every judging API route registered, as "METHOD /path", for the authorisation-matrix test. */
export const JUROR_API_ROUTES = new Set<string>();

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** The juror's own API under /api/jury/judging: one onRequest hook lets only jurors in. */
const judgingApi: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') JUROR_API_ROUTES.add(`${method} ${route.url}`);
  });
  app.addHook('onRequest', requireJuror);
  const ctx = app.ctx;
  const me = async (req: Parameters<typeof currentUserOf>[0]) => (await currentUserOf(req)).id;

  app.get('/api/jury/judging', async (req) => ok(await judgingState(ctx, await me(req))));
  app.get('/api/jury/judging/entries', async (req) => ok(await myEntries(ctx, await me(req))));
  app.get('/api/jury/judging/entries/:id', { schema: { params: idParam } }, async (req) => ok(await myEntry(ctx, await me(req), req.params.id, req.locale)));
  app.put('/api/jury/judging/entries/:id/sheet', { schema: { params: idParam, body: scoreSheetBody } }, async (req) => {
    const userId = await me(req);
    await saveSheet(ctx, userId, req.params.id, req.body);
    return ok(await myEntry(ctx, userId, req.params.id, req.locale));
  });
  app.put('/api/jury/judging/entries/:id/recusal', { schema: { params: idParam, body: recuseBody } }, async (req) => {
    const userId = await me(req);
    await setRecusal(ctx, userId, req.params.id, req.body.recused);
    return ok(await myEntry(ctx, userId, req.params.id, req.locale));
  });
};

/** HTTP routes of the jury area: the invitation link, the juror's judging API and the public results. */
export const juryRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const limit = { rateLimit: perIpLimit('jury-invite', ctx.config.auth.limits.resetIp) };
  app.get('/api/jury/invitation', { schema: { querystring: invitationQuery }, config: limit }, async (req) => ok(await checkInvitation(ctx, req.query.token)));
  app.post('/api/jury/invitation', { schema: { body: acceptInvitationBody }, config: limit }, async (req) =>
    ok(await acceptInvitation(ctx, req.body.token, req.body.password)),
  );
  app.get('/api/results', async (req) => ok(await publicResults(ctx.db, req.locale)));
  app.get('/api/results/status', async () => ok({ published: await resultsPublished(ctx.db) }));
  await app.register(judgingApi);
};
