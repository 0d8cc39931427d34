import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CurrentUser } from '../../../../common/api-types';
import { currentUserOf } from '../../plugins/auth';
import { ok } from '../reply';

/** GET /api/currentUser (SPEC §7): the signed-in user, or 401 (1009 none, 1008 expired). */
export const currentUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/currentUser', async (req) => {
    const user = await currentUserOf(req);
    const data: CurrentUser = { id: user.id, email: user.email, name: user.email.split('@')[0] ?? user.email, role: user.role, verified: user.verified };
    return ok(data);
  });
};
