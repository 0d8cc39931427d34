import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../../../common/errors';
import { credentialRequestSchema, entryCreateSchema, entryUpdateSchema } from '../../../../common/schemas/entry';
import { failureBody } from '../../errors';
import { currentUserOf, requireUser } from '../../plugins/auth';
import { updateMyEntry, withdrawMyEntry } from '../../services/submission/change-entry';
import { issueCredential } from '../../services/submission/credential';
import { getMyEntry, listMyEntries } from '../../services/submission/my-entries';
import { submissionInfo } from '../../services/submission/settings';
import { submitEntry } from '../../services/submission/submit-entry';
import { assertChunkInTime, createTusServer, TUS_PATH } from '../../services/submission/tus-server';
import { RedisLocker } from '../../storage/redis-locker';
import { ok } from '../reply';

// requireUser runs onRequest so a signed-out person hears 1009, not a validation error about the body.
const idParam = z.object({ id: z.coerce.number().int().positive() });
// Per session token, hashed so no token lands in Redis as a key (as limit-hooks.ts does for e-mails).
const perUser = (request: FastifyRequest) => {
  const authorization = request.headers.authorization;
  return authorization ? createHash('sha256').update(authorization).digest('hex') : request.clientIp;
};

/** HTTP routes of the submission area, registered by app.ts. Handlers stay thin: services do the work. */
export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/api/submission/info', { onRequest: requireUser }, async (request) => ok(await submissionInfo(ctx.db, (await currentUserOf(request)).id)));

  app.post(
    '/api/uploads/credential',
    { onRequest: requireUser, schema: { body: credentialRequestSchema }, config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perUser } } },
    async (request) => ok(await issueCredential(ctx, await currentUserOf(request), request.body)),
  );

  // tus: the protocol handler reads the raw request body itself, so Fastify must leave the stream alone.
  // Upload locks in Redis when it is there, so one upload's requests may reach any instance; closed with the app.
  const locker = ctx.config.redisUrl ? new RedisLocker(ctx.config.redisUrl, ctx.config.redisPrefix) : undefined;
  if (locker) app.addHook('onClose', () => locker.close());
  locker?.breaker.useLog(app.log); // its outage's two lines go to the app's log
  const tus = createTusServer(ctx, app.log, locker);
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      try {
        await tus.handle(request.raw, reply.raw);
      } catch (err) {
        // The reply is hijacked, so Fastify's error handler cannot answer: close it ourselves.
        request.log.error({ err }, 'tus request failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(JSON.stringify(failureBody(Code.Internal, request.locale)));
      }
    };
    const methods: ('POST' | 'PATCH' | 'HEAD' | 'DELETE' | 'OPTIONS')[] = ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'];
    scope.route({
      method: methods,
      url: TUS_PATH,
      handler,
      config: { acceptsBody: true, rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: perUser } },
    });
    scope.route({
      method: methods,
      url: `${TUS_PATH}/:id`,
      // A chunk after the deadline's grace period is refused (and its upload removed) before tus reads it.
      preHandler: async (request) => {
        if (request.method === 'PATCH') await assertChunkInTime(ctx, (request.params as { id: string }).id, request.headers.authorization);
      },
      handler,
      config: { acceptsBody: true },
    });
  });

  app.get('/api/entries/mine', { onRequest: requireUser }, async (request) => ok(await listMyEntries(ctx, (await currentUserOf(request)).id)));
  app.get('/api/entries/mine/:id', { onRequest: requireUser, schema: { params: idParam } }, async (request) =>
    ok(await getMyEntry(ctx, (await currentUserOf(request)).id, request.params.id, request.locale)),
  );

  app.post(
    '/api/entries',
    { onRequest: requireUser, schema: { body: entryCreateSchema }, config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: perUser } } },
    async (request, reply) => {
      const user = await currentUserOf(request);
      const result = await submitEntry(ctx, user, request.body, request.locale, (err) => request.log.error({ err }, 'confirmation mail failed'));
      return reply.status(201).send(ok(result));
    },
  );
  app.put('/api/entries/mine/:id', { onRequest: requireUser, schema: { params: idParam, body: entryUpdateSchema } }, async (request) => {
    await updateMyEntry(ctx, await currentUserOf(request), request.params.id, request.body, request.locale);
    return ok(await getMyEntry(ctx, (await currentUserOf(request)).id, request.params.id, request.locale));
  });
  app.post('/api/entries/mine/:id/withdraw', { onRequest: requireUser, schema: { params: idParam } }, async (request) => {
    await withdrawMyEntry(ctx, await currentUserOf(request), request.params.id);
    return ok({ id: request.params.id });
  });
};
