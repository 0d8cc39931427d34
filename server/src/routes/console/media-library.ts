import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../../../common/constants';
import { Code } from '../../../../common/errors';
import { AppError } from '../../errors';
import { addToLibrary, listLibrary, removeFromLibrary } from '../../services/content-editing/media-library';
import { ok } from '../reply';

// A little over the limit, so a file just past it is read and refused with the image check's own text.
const SLACK = 64 * 1024;

/**
 * The media library's routes, registered inside the console API plugin so its guard runs before a byte is
 * read. An upload is the image itself as the body (application/octet-stream), its file name in the query.
 */
export const consoleMediaLibraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES + SLACK }, (_req, body, done) => done(null, body));

  // The library serves the article editor, so editors use it as organisers do.
  app.get('/api/admin/media-library', { config: { access: 'content' } }, async () => ok(await listLibrary(ctx)));
  app.post(
    '/api/admin/media-library',
    {
      bodyLimit: IMAGE_MAX_BYTES + SLACK,
      config: { access: 'content', fileLimit: IMAGE_MAX_BYTES },
      schema: { querystring: z.object({ name: z.string().max(255).optional() }) },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new AppError(Code.NoFileReceived);
      return ok(await addToLibrary(ctx, req.body, req.query.name));
    },
  );
  app.delete(
    '/api/admin/media-library/:id',
    { config: { access: 'content' }, schema: { params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (req) => {
      await removeFromLibrary(ctx, req.params.id);
      return ok(null);
    },
  );
};
