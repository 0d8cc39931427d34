import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldBody, fieldsOrderBody, groupBody, groupKeyParam, groupsOrderBody } from '../../../../common/entry-form/schemas';
import { adminEntryForm, createField, deleteField, deleteGroup, orderFields, orderGroups, saveGroup, updateField } from '../../services/entry-form/organiser';
import { ok } from '../reply';

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** The organiser's groups and fields (common/entry-form/api.ts), registered inside the console plugin and its admin hook. */
export const consoleEntryFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get('/api/admin/entry-form', async () => ok(await adminEntryForm(db)));
  app.put('/api/admin/entry-groups/:key', { schema: { params: groupKeyParam, body: groupBody } }, async (req) =>
    ok(await saveGroup(db, req.params.key, req.body)),
  );
  app.delete('/api/admin/entry-groups/:key', { schema: { params: groupKeyParam } }, async (req) => {
    await deleteGroup(db, req.params.key);
    return ok({ key: req.params.key });
  });
  app.put('/api/admin/entry-groups-order', { schema: { body: groupsOrderBody } }, async (req) => ok(await orderGroups(db, req.body.keys)));
  app.post('/api/admin/entry-fields', { schema: { body: fieldBody } }, async (req) => ok(await createField(db, req.body)));
  app.put('/api/admin/entry-fields/:id', { schema: { params: idParam, body: fieldBody } }, async (req) => ok(await updateField(db, req.params.id, req.body)));
  app.delete('/api/admin/entry-fields/:id', { schema: { params: idParam } }, async (req) => {
    await deleteField(db, req.params.id);
    return ok({ id: req.params.id });
  });
  app.put('/api/admin/entry-fields-order', { schema: { body: fieldsOrderBody } }, async (req) => ok(await orderFields(db, req.body.ids)));
};
