import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authoriseDownload } from '../../services/entries/download-links';
import { openEntryFile } from '../../services/entries/files';
import { sendEntryFile } from './files';

/**
 * GET /api/downloads/:token — the console's signed five-minute file links (services/console/download-links.ts).
 * Outside /api/admin on purpose: the browser's download manager carries no bearer token; the signature,
 * the expiry and a fresh check that its admin is still an enabled admin stand in for it.
 */
export const downloadLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/downloads/:token',
    { schema: { params: z.object({ token: z.string().max(512) }) }, config: { rateLimit: { max: 60, timeWindow: 60_000 } } },
    async (req, reply) => {
      const claims = await authoriseDownload(ctx, req.params.token);
      return sendEntryFile(reply, await openEntryFile(ctx, claims.entryId, claims.file));
    },
  );
};
