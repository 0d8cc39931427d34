import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { Code } from '../../../../common/errors';
import { AppError } from '../../errors';

/**
 * The console's HTML shell (its own Vite entry, so public pages never load console code). It is public:
 * the data behind it is guarded by the API; the shell itself only shows the sign-in form to a visitor.
 */
export const adminPage: FastifyPluginAsync = async (app) => {
  const file = path.join(app.ctx.config.webDir, 'admin.html');
  app.get('/admin', async (_req, reply) => reply.redirect('/admin/', 301));
  app.get('/admin/', async (_req, reply) => {
    let html: string;
    try {
      html = await fs.promises.readFile(file, 'utf8');
    } catch {
      throw new AppError(Code.NotFound);
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
};
