import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_IMAGE_PURPOSES, ENTRY_FILES, FIELD_FILE_NAME, type FieldFileName, TEMPLATE_MAX_BYTES } from '../../../../common/console/uploads';
import { IMAGE_MAX_BYTES } from '../../../../common/constants';
import { Code } from '../../../../common/errors';
import { AppError } from '../../errors';
import { currentUserOf } from '../../plugins/auth';
import { storeContentImage } from '../../services/content-editing/images';
import { replaceTemplateFile } from '../../services/content-editing/template-files';
import { signDownloadLink } from '../../services/entries/download-links';
import { listEntryFiles, openEntryFile } from '../../services/entries/files';
import { ok } from '../reply';

// A little over each limit, so a file just past it is read and refused with the file check's own text.
const SLACK = 64 * 1024;
// Entry files are a reviewer's to read; content images and template files an editor's to upload.
const review = { access: 'review' } as const;

/** The raw bytes of one file, or 6022 when the request carried none (JSON, an empty body). */
function bytesOf(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(Code.NoFileReceived);
  return body;
}

/** attachment; with an ASCII fallback and the real (UTF-8) name for browsers that read filename*. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * File routes of the console, inside the console API plugin so its guard (routes/console/access.ts) checks them
 * before a byte is read. Uploads are the file itself as the body (application/octet-stream; the name in
 * the query): console files are small, so one request is enough where entrants need resumable tus.
 */
export const consoleFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: TEMPLATE_MAX_BYTES + SLACK }, (_req, body, done) => done(null, body));

  app.post(
    '/api/admin/uploads/image',
    // fileLimit: a body over the limit is answered like the check's own "File size exceeds 5 M" (plugins/error-handler.ts).
    {
      bodyLimit: IMAGE_MAX_BYTES + SLACK,
      config: { access: 'content', fileLimit: IMAGE_MAX_BYTES },
      schema: { querystring: z.object({ purpose: z.enum(CONTENT_IMAGE_PURPOSES) }) },
    },
    async (req) => ok(await storeContentImage(ctx, bytesOf(req.body), req.query.purpose)),
  );

  app.post(
    '/api/admin/templates/:id/file',
    {
      bodyLimit: TEMPLATE_MAX_BYTES + SLACK,
      config: { access: 'content', fileLimit: TEMPLATE_MAX_BYTES },
      schema: { params: z.object({ id: z.coerce.number().int().positive() }), querystring: z.object({ name: z.string().max(255).optional() }) },
    },
    async (req) => ok(await replaceTemplateFile(ctx, req.params.id, bytesOf(req.body), req.query.name)),
  );

  // Every file of an entry, the private film original and authorisation package included; never cached.
  app.get('/api/admin/entries/:id/files', { schema: { params: z.object({ id: z.coerce.number().int().positive() }) }, config: review }, async (req) =>
    ok(await listEntryFiles(ctx, req.params.id)),
  );
  const entryFileParams = z.object({
    id: z.coerce.number().int().positive(),
    file: z.union([
      z.enum(ENTRY_FILES),
      z
        .string()
        .regex(FIELD_FILE_NAME)
        .transform((f) => f as FieldFileName),
    ]),
  });
  app.get('/api/admin/entries/:id/files/:file', { schema: { params: entryFileParams }, config: review }, async (req, reply) =>
    sendEntryFile(reply, await openEntryFile(ctx, req.params.id, req.params.file)),
  );
  // A five-minute link the browser's download manager fetches by itself (routes/console/download-link.ts).
  app.post('/api/admin/entries/:id/files/:file/link', { schema: { params: entryFileParams }, config: review }, async (req) => {
    await openEntryFile(ctx, req.params.id, req.params.file).then(({ stream }) => stream.destroy()); // 6024 now, not at download
    const admin = await currentUserOf(req);
    return ok({ url: signDownloadLink(ctx.config.cookieSecret, { entryId: req.params.id, file: req.params.file, adminId: admin.id }) });
  });
};

/** Streams one entry file as an attachment that no browser renders and no cache keeps. */
export function sendEntryFile(reply: FastifyReply, { stream, fileName }: { stream: Readable; fileName: string }) {
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', attachment(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'no-store')
    .send(stream);
}
