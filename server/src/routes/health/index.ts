import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../../common/errors';
import { RETRY_AFTER_SECONDS } from '../../db/failures';
import { failureBody } from '../../errors';
import { CHECK_TIMEOUT_MS, databaseAnswers, redisAnswers } from '../../services/health/readiness';
import { ok } from '../reply';

/**
 * Health endpoints for load balancers and orchestrators. `/livez`: the process is up and serving (always
 * 200; restart it only when this fails). `/readyz`: it can do its work, i.e. the database answers
 * `select 1` and, with REDIS_URL, Redis answers PING; otherwise 503 naming the failed check, so traffic goes
 * elsewhere until it recovers. Polled often, so their requests stay out of the info log.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  let redis: import('ioredis').Redis | undefined;
  if (ctx.config.redisUrl) {
    const { Redis } = await import('ioredis');
    // Its own connection: PING must not queue behind, or share a failure state with, the rate limiter's.
    redis = new Redis(ctx.config.redisUrl, { connectTimeout: CHECK_TIMEOUT_MS, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', () => undefined); // reported by /readyz; the rate-limit plugin already logs Redis outages
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }

  app.get('/livez', { logLevel: 'warn' }, async () => ok({ status: 'up' }));

  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    const checks: Record<string, boolean> = { database: await databaseAnswers(ctx) };
    if (redis) checks.redis = await redisAnswers(redis);
    const failed = Object.keys(checks).filter((name) => !checks[name]);
    if (failed.length === 0) return ok({ checks });
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .type('application/json; charset=utf-8')
      .send({ ...failureBody(Code.Unavailable, request.locale), data: { checks, failed } });
  });
};
