import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementBody, reminderSettingsBody } from '../../../../common/notice-schemas';
import { currentUserOf } from '../../plugins/auth';
import { sendAnnouncement } from '../../services/notices/announcements';
import { noticesState } from '../../services/notices/notices-state';
import { writeReminderSettings } from '../../services/notices/reminders';
import { retryFailedMails } from '../../services/notices/retry-failed';
import { ok } from '../reply';

/**
 * Reminders and announcements, inside the console plugin and its guard. An editor writes announcements (and
 * follows them going out); the reminders' settings stay the organiser's.
 */
export const consoleNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const content = { access: 'content' } as const;
  app.get('/api/admin/notices', { config: content }, async () => ok(await noticesState(ctx.db)));
  app.put('/api/admin/notices/reminders', { schema: { body: reminderSettingsBody } }, async (req) => {
    await writeReminderSettings(ctx.db, req.body);
    return ok(await noticesState(ctx.db));
  });
  app.post('/api/admin/notices/announcements', { schema: { body: announcementBody }, config: content }, async (req) =>
    ok(await sendAnnouncement(ctx, (await currentUserOf(req)).id, req.body)),
  );
  // Whoever follows the mails going out may send the failed ones again once the mail server is fixed.
  app.post('/api/admin/notices/failures/retry', { config: content }, async () => {
    const reopened = await retryFailedMails(ctx.db);
    return ok({ reopened, state: await noticesState(ctx.db) });
  });
};
