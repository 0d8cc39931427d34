import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CurrentUser } from '../../../../common/api-types';
import { Code, errorStatus } from '../../../../common/errors';
import { SUPPORTED_LOCALES } from '../../../../common/locales';
import { failureBody } from '../../errors';
import { bearerToken, currentUserOf } from '../../plugins/auth';
import { ok } from '../reply';

/**
 * GET /api/currentUser: the signed-in user, or 401 (1009 none, 1008 expired). Every anonymous
 * page load asks it, so its usual answer (no token) is prepared once per locale instead of thrown and
 * serialized each time; the body is the error handler's own (failureBody).
 */
export const currentUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const anonymous = new Map(SUPPORTED_LOCALES.map((l) => [l, JSON.stringify(failureBody(Code.LoginRequired, l))]));
  const status = errorStatus(Code.LoginRequired);
  app.get('/api/currentUser', async (req, reply) => {
    if (!bearerToken(req)) return reply.code(status).type('application/json; charset=utf-8').send(anonymous.get(req.locale));
    const user = await currentUserOf(req);
    const data: CurrentUser = { id: user.id, email: user.email, name: user.email.split('@')[0] ?? user.email, role: user.role, verified: user.verified };
    return ok(data);
  });
};
