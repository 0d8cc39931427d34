import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENTRY_FORM_PATH } from '../../../../common/entry-form/api';
import { jsonAnswer, LOCALE_VARY, replyCached } from '../../plugins/response-cache';
import { publicEntryForm } from '../../services/entry-form/public-form';

/** The entry form as entrants read it: the same for every visitor of a locale, dropped by console writes. */
export const entryFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get(ENTRY_FORM_PATH, async (req, reply) =>
    replyCached(req, reply, { key: `entry-form:${req.locale}`, lifetime: 'content', sharing: 'public', vary: LOCALE_VARY }, async () =>
      jsonAnswer(await publicEntryForm(db, req.locale)),
    ),
  );
};
