import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../../../common/errors';
import { AppError } from '../../errors';
import { requireAdmin } from '../../plugins/auth';
import { canSeeMedia } from '../../services/media/access';
import { responsiveImage } from '../../services/media/images';
import { getMediaStatus, publicStatus, rerunTranscode } from '../../services/media/jobs';
import { mediaPaths } from '../../services/media/paths';
import { ok } from '../reply';

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const SAFE_HEADERS = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" };

/**
 * Media pipeline routes: renditions (/media/r/, immutable: every run gets a new generated folder),
 * responsive images (/media/img/<width>/<path under media>.webp|.avif), the playback state of an entry,
 * and the organiser's re-run. The in-process worker is started by lifecycle.ts, not here.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const paths = mediaPaths(ctx.config.dataDir);
  fs.mkdirSync(paths.renditions, { recursive: true });

  await app.register(fastifyStatic, {
    root: paths.renditions,
    prefix: '/media/r/',
    decorateReply: false,
    index: false,
    setHeaders(res, filePath) {
      for (const [k, v] of Object.entries(SAFE_HEADERS)) res.header(k, v);
      res.header('cache-control', 'public, max-age=31536000, immutable');
      if (filePath.endsWith('.m3u8')) res.header('content-type', 'application/vnd.apple.mpegurl');
      else if (filePath.endsWith('.ts')) res.header('content-type', 'video/mp2t');
    },
  });

  app.get('/media/img/:w/*', { schema: { params: z.object({ w: z.coerce.number().int(), '*': z.string().max(1024) }) } }, async (req, reply) => {
    const m = /^(.+)\.(webp|avif)$/.exec(req.params['*']);
    if (!m) throw new AppError(Code.ImageNotFound);
    const format = m[2] as 'webp' | 'avif';
    const file = await responsiveImage(ctx.config.dataDir, m[1] as string, req.params.w, format);
    reply.headers({ ...SAFE_HEADERS, 'content-type': `image/${format}`, 'cache-control': 'public, max-age=604800' });
    // A resized image is small: sent as one buffer (its length known), not a stream. A stream sent with a
    // length set by hand left the keep-alive connection busy after the answer, holding up a shutdown.
    return reply.send(await fs.promises.readFile(file));
  });

  app.get('/api/media/entries/:id', { schema: { params: idParam } }, async (req) => {
    const access = await canSeeMedia(ctx, req.params.id, await req.sessionUser());
    const status = await getMediaStatus(ctx, req.params.id);
    // Failure details are for the entrant and the organiser only.
    return ok(access === 'private' ? status : publicStatus(status));
  });

  app.post('/api/media/entries/:id/transcode', { schema: { params: idParam }, preHandler: requireAdmin }, async (req) => {
    await rerunTranscode(ctx, req.params.id);
    return ok(await getMediaStatus(ctx, req.params.id));
  });
};
