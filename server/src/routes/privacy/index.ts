import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../../common/errors';
import { deleteAccountSchema } from '../../../../common/schemas/account';
import { currentUserOf, requireUser } from '../../plugins/auth';
import { deleteOwnAccount } from '../../services/privacy/delete-account';
import { exportAccount } from '../../services/privacy/export-account';
import { privacyFacts } from '../../services/privacy/facts';
import { perIpLimit } from '../accounts/limit-hooks';
import { ok } from '../reply';

/** A person's export is a whole-account read: a few a quarter of an hour per address is plenty for people. */
const EXPORT_LIMIT = { max: 5, windowMs: 15 * 60_000 };

/**
 * The privacy area's routes: the facts the built-in notice states, a person's data export (a JSON download,
 * not an envelope: the file is theirs to keep) and the deletion of their own account. The organiser's
 * erasure lives with the console's users routes.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get('/api/privacy', async () => ok(await privacyFacts(ctx.db)));

  app.get(
    '/api/account/export',
    { onRequest: requireUser, config: { rateLimit: perIpLimit('export', EXPORT_LIMIT, Code.TooManyExports) } },
    async (req, reply) => {
      const user = await currentUserOf(req);
      const data = await exportAccount(ctx, user.id);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/api/account/delete',
    { onRequest: requireUser, schema: { body: deleteAccountSchema }, config: { rateLimit: perIpLimit('delete', ctx.config.auth.limits.loginIp) } },
    async (req) => {
      const user = await currentUserOf(req);
      const logError = (err: unknown) => req.log.error({ err }, 'erased account: a file was not removed (the orphan sweep will)');
      return ok(await deleteOwnAccount(ctx, user.id, req.body.password, logError));
    },
  );
};
