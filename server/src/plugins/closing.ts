import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../common/errors';
import { RETRY_AFTER_SECONDS } from '../db/failures';
import { AppError } from '../errors';

/**
 * While the app closes (the shutdown drain), a request that still arrives on a kept-alive connection gets
 * 9503 with Retry-After as the usual envelope, in place of Fastify's own `{"error":"Service Unavailable"}`
 * (return503OnClosing is off in app.ts). Requests already running finish as they are.
 */
export const closingPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError(Code.Unavailable, { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
  });
});
