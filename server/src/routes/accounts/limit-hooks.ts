import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, type ErrorCode } from '../../../../common/errors';
import type { Limit } from '../../config';
import { AppError } from '../../errors';

/**
 * The two abuse limits of an account route, with separate keys: one per client address (route config,
 * counted before the body is read) and one per account e-mail (a preHandler, after validation). Counters
 * live in Redis when REDIS_URL is set, else in memory. E-mails are hashed so no address lands in Redis.
 */
type Body = { email?: string };

export function perIpLimit(name: string, limit: Limit, code: ErrorCode = Code.TooManyFromNetwork) {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (req: FastifyRequest) => `acct:${name}:ip:${req.clientIp}`,
    errorResponseBuilder: () => new AppError(code),
  };
}

/**
 * A second, separate limit on the same route. `createRateLimit` is used rather than `rateLimit()` because
 * the plugin's own hook marks a request as limited once and would skip a second hook.
 */
function perAccountLimit(app: FastifyInstance, name: string, limit: Limit, code: ErrorCode) {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (req: FastifyRequest) => {
      const email = String((req.body as Body | undefined)?.email ?? '');
      return `acct:${name}:email:${createHash('sha256').update(email).digest('hex')}`;
    },
  });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const result = await check(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(code);
    }
  };
}

/**
 * The options of a route that sends mail to the address in its body (register, resend, forgot): the body
 * schema and both limits, counted under one name.
 */
export function mailingRouteOptions<Body>(app: FastifyInstance, name: string, body: Body, limits: { ip: Limit; email: Limit }, code: ErrorCode) {
  return { schema: { body }, config: { rateLimit: perIpLimit(name, limits.ip) }, preHandler: perAccountLimit(app, name, limits.email, code) };
}
