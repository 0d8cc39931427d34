import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailKindParam, mailTemplateBody, mailTryBody } from '../../../../common/mail-template-schemas';
import { currentUserOf } from '../../plugins/auth';
import {
  adminMailTemplate,
  adminMailTemplates,
  previewMail,
  resetAdminMailTemplate,
  saveAdminMailTemplate,
  testSendMail,
} from '../../services/mail/mail-templates';
import { ok } from '../reply';

/** The organiser's mail texts (common/mail-templates.ts), registered inside the console plugin and its admin hook. */
export const consoleMailTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get('/api/admin/mail-templates', async () => ok(await adminMailTemplates(ctx.db)));
  app.get('/api/admin/mail-templates/:kind', { schema: { params: mailKindParam } }, async (req) => ok(await adminMailTemplate(ctx.db, req.params.kind)));
  app.put('/api/admin/mail-templates/:kind', { schema: { params: mailKindParam, body: mailTemplateBody } }, async (req) =>
    ok(await saveAdminMailTemplate(ctx.db, req.params.kind, req.body)),
  );
  app.delete('/api/admin/mail-templates/:kind', { schema: { params: mailKindParam } }, async (req) =>
    ok(await resetAdminMailTemplate(ctx.db, req.params.kind)),
  );
  app.post('/api/admin/mail-templates/:kind/preview', { schema: { params: mailKindParam, body: mailTryBody } }, async (req) =>
    ok(await previewMail(ctx, req.params.kind, req.body)),
  );
  app.post('/api/admin/mail-templates/:kind/test', { schema: { params: mailKindParam, body: mailTryBody } }, async (req) =>
    ok(await testSendMail(ctx, req.params.kind, (await currentUserOf(req)).id, req.body)),
  );
};
