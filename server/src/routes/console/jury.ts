import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignAwardBody,
  awardNameBody,
  criterionBody,
  inviteJurorBody,
  jurorUpdateBody,
  jurySettingsBody,
  rankingQuery,
} from '../../../../common/jury/schemas';
import { currentUserOf } from '../../plugins/auth';
import {
  assignAward,
  awardList,
  changeAward,
  changeCriterion,
  createAward,
  createCriterion,
  criteriaList,
  removeAward,
  removeCriterion,
} from '../../services/jury/criteria-awards';
import { exportRankingCsv, exportScoreSheetCsv } from '../../services/jury/exports';
import { inviteJuror } from '../../services/jury/invitations';
import { listJurors, updateJuror } from '../../services/jury/jurors';
import { buildRanking } from '../../services/jury/ranking';
import { publishResults, resultsState, unpublishResults } from '../../services/jury/results';
import { readJurySettings, writeJurySettings } from '../../services/jury/settings';
import { ok } from '../reply';
import { sendCsv } from './send-csv';

const idParam = z.object({ id: z.coerce.number().int().positive() });

/**
 * The organiser's jury pages under /api/admin/jury: registered inside the console API plugin, so its one
 * requireAdmin hook guards these too and the authorisation matrix lists them.
 */
export const consoleJuryRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;

  app.get('/api/admin/jury/jurors', async (req) => ok(await listJurors(db, req.locale)));
  app.post('/api/admin/jury/jurors', { schema: { body: inviteJurorBody } }, async (req) => {
    const admin = await currentUserOf(req);
    await inviteJuror(ctx, admin.id, req.body, (err) => req.log.error({ err }, 'juror invitation not sent'));
    return ok(await listJurors(db, req.locale));
  });
  app.put('/api/admin/jury/jurors/:id', { schema: { params: idParam, body: jurorUpdateBody } }, async (req) => {
    await updateJuror(db, req.params.id, req.body);
    return ok(await listJurors(db, req.locale));
  });

  app.get('/api/admin/jury/criteria', async () => ok(await criteriaList(db)));
  app.post('/api/admin/jury/criteria', { schema: { body: criterionBody } }, async (req) => ok(await createCriterion(db, req.body)));
  app.put('/api/admin/jury/criteria/:id', { schema: { params: idParam, body: criterionBody } }, async (req) =>
    ok(await changeCriterion(db, req.params.id, req.body)),
  );
  app.delete('/api/admin/jury/criteria/:id', { schema: { params: idParam } }, async (req) => ok(await removeCriterion(db, req.params.id)));

  app.get('/api/admin/jury/settings', async () => ok(await readJurySettings(db)));
  app.put('/api/admin/jury/settings', { schema: { body: jurySettingsBody } }, async (req) => ok(await writeJurySettings(db, req.body)));

  app.get('/api/admin/jury/awards', async () => ok(await awardList(db)));
  app.post('/api/admin/jury/awards', { schema: { body: awardNameBody } }, async (req) => ok(await createAward(db, req.body)));
  app.put('/api/admin/jury/awards/:id', { schema: { params: idParam, body: awardNameBody } }, async (req) =>
    ok(await changeAward(db, req.params.id, req.body)),
  );
  app.delete('/api/admin/jury/awards/:id', { schema: { params: idParam } }, async (req) => ok(await removeAward(db, req.params.id)));
  app.put('/api/admin/jury/entries/:id/award', { schema: { params: idParam, body: assignAwardBody } }, async (req) => {
    await assignAward(db, req.params.id, req.body.awardId);
    return ok(null);
  });

  app.get('/api/admin/jury/ranking', { schema: { querystring: rankingQuery } }, async (req) => {
    const { entries: _, ...ranking } = await buildRanking(db, req.query.group, req.locale);
    return ok(ranking);
  });
  app.get('/api/admin/jury/results', async () => ok(await resultsState(db)));
  app.post('/api/admin/jury/results/publish', async () => ok(await publishResults(ctx)));
  app.post('/api/admin/jury/results/unpublish', async () => ok(await unpublishResults(db)));

  app.get('/api/admin/jury/exports/scores.csv', async (req, reply) => sendCsv(reply, 'jury-scores', await exportScoreSheetCsv(db, req.locale)));
  app.get('/api/admin/jury/exports/ranking.csv', async (req, reply) => sendCsv(reply, 'ranking', await exportRankingCsv(db, req.locale)));
};
