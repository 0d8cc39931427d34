import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLogQuery } from '../../../../common/console/audit';
import { phaseBody, phaseParam } from '../../../../common/console/phases';
import {
  awardBody,
  bulkBody,
  entryListQuery,
  erasureListQuery,
  pageBody,
  rejectBody,
  requestChangesBody,
  settingsBody,
  userDisableBody,
  userEraseBody,
  userListQuery,
  userRoleBody,
} from '../../../../common/console/schemas';
import { NEWS_CATEGORIES, PAGE_SLUGS } from '../../../../common/constants';
import { Code, codeMessage } from '../../../../common/errors';
import { identityBody } from '../../../../common/schemas/identity';
import { currentUserOf } from '../../plugins/auth';
import { auditLogPage, exportAuditCsv } from '../../services/audit/audit-log';
import { dashboardStats } from '../../services/console/dashboard';
import { setupChecklist } from '../../services/console/setup-checklist';
import { inboxList, replyToContact, setHandled } from '../../services/contact/inbox';
import { createKind, deleteKind, getKind, listKind, setNewsStatus, updateKind } from '../../services/content-editing/content';
import { readAdminIdentity, saveIdentity } from '../../services/content-editing/identity';
import { CONTENT_KIND_NAMES } from '../../services/content-editing/kinds';
import { getEditablePage, listEditablePages, saveEditablePage, setPagePublished } from '../../services/content-editing/pages';
import { sanitizeRichText } from '../../services/content-editing/rich-text';
import { clearPhase, readPhases, savePhase } from '../../services/contest/phases';
import { readConsoleSettings, writeConsoleSettings } from '../../services/contest/settings';
import { exportContactsCsv, exportEntriesCsv, exportVotesCsv } from '../../services/entries/csv-export';
import { approveEntry, awardEntry, bulkAction, entryDetail, listEntries, rejectEntry, requestEntryChanges } from '../../services/entries/review';
import { organiserViewer } from '../../services/entry-form/field-files';
import { exhibitionVideoStatus } from '../../services/exhibition-video/videos';
import { eraseOnRequest, erasureRecord } from '../../services/privacy/organiser-erasure';
import { listAccounts, setDisabled, setRole } from '../../services/staff/users';
import { auditLog, suspicious, totalsPerEntry, voidVote } from '../../services/vote-review/evidence';
import { fraudIndex } from '../../services/vote-review/fraud-index';
import { setTransparencyPublished, transparencyState } from '../../services/vote-review/transparency';
import { entryTimeline, previewVoid, restoreVotes, reviewActions, voidByRule } from '../../services/vote-review/voids';
import { ok } from '../reply';
import { guardConsoleRoutes, requireAccess } from './access';
import { adminPage } from './admin-page';
import { consoleEntryFormRoutes } from './entry-form';
import { consoleFileRoutes } from './files';
import { consoleJuryRoutes } from './jury';
import { consoleMailTemplateRoutes } from './mail-templates';
import { consoleMediaLibraryRoutes } from './media-library';
import { consoleNoticeRoutes } from './notices';
import { sendCsv } from './send-csv';

/** Every console API route registered, as "METHOD /path", for the authorisation-matrix test. */
export const CONSOLE_API_ROUTES = new Set<string>();

// What a reviewer and an editor may do (common/console/staff.ts); undeclared routes are the organiser's.
const review = { access: 'review' } as const;
const content = { access: 'content' } as const;
// Writes whose own history (entry reviews, vote voids) the audit log reads instead of a line of its own.
const reviewHistory = { access: 'review', auditedElsewhere: true } as const;
const organiserHistory = { auditedElsewhere: true } as const;

const idParam = z.object({ id: z.coerce.number().int().positive() });
const kindParam = z.object({ kind: z.enum(CONTENT_KIND_NAMES) });
const kindIdParam = kindParam.extend({ id: z.coerce.number().int().positive() });

/** The console API under /api/admin. One guard covers the whole plugin (routes/console/access.ts), so no route can forget it. */
const consoleApi: FastifyPluginAsyncZod = async (app) => {
  guardConsoleRoutes(app, (key) => CONSOLE_API_ROUTES.add(key));
  const ctx = app.ctx;
  const { db } = ctx;
  const adminId = async (req: Parameters<typeof currentUserOf>[0]) => (await currentUserOf(req)).id;

  app.get('/api/admin/dashboard', async () => ok(await dashboardStats(db, ctx.config.contestTimezone)));
  app.get('/api/admin/setup-checklist', async () => ok(await setupChecklist(db, ctx.config)));

  // Entries review.
  app.get('/api/admin/entries', { schema: { querystring: entryListQuery }, config: review }, async (req) => ok(await listEntries(db, req.query)));
  // The entry as the organiser reads it: answers in the request's locale, file answers with signed links.
  const detail = async (req: Parameters<typeof currentUserOf>[0], id: number) =>
    entryDetail(db, id, organiserViewer(ctx.config.cookieSecret, id, await adminId(req), req.locale));
  app.get('/api/admin/entries/:id', { schema: { params: idParam }, config: review }, async (req) => ok(await detail(req, req.params.id)));
  app.post('/api/admin/entries/:id/approve', { schema: { params: idParam }, config: reviewHistory }, async (req) => {
    await approveEntry(ctx, req.params.id, await adminId(req));
    return ok(await detail(req, req.params.id));
  });
  app.post('/api/admin/entries/:id/reject', { schema: { params: idParam, body: rejectBody }, config: reviewHistory }, async (req) => {
    const { mailed } = await rejectEntry(ctx, req.params.id, await adminId(req), req.body.reason);
    return ok({ mailed, entry: await detail(req, req.params.id) });
  });
  app.post('/api/admin/entries/:id/request-changes', { schema: { params: idParam, body: requestChangesBody }, config: reviewHistory }, async (req) => {
    const { mailed } = await requestEntryChanges(ctx, req.params.id, await adminId(req), req.body.note);
    return ok({ mailed, entry: await detail(req, req.params.id) });
  });
  app.post('/api/admin/entries/:id/award', { schema: { params: idParam, body: awardBody }, config: organiserHistory }, async (req) => {
    await awardEntry(ctx, req.params.id, await adminId(req), req.body.award);
    return ok(await detail(req, req.params.id));
  });
  // A reviewer approves and rejects in bulk; awards stay the organiser's.
  app.post('/api/admin/entries/bulk', { schema: { body: bulkBody }, config: reviewHistory }, async (req) => {
    if (req.body.action === 'award') await requireAccess(req, 'organiser');
    return ok(await bulkAction(ctx, await adminId(req), req.body));
  });
  app.get('/api/admin/exports/entries.csv', { schema: { querystring: entryListQuery }, config: review }, async (req, reply) =>
    sendCsv(reply, 'entries', await exportEntriesCsv(ctx, req.locale, req.query)),
  );

  // Content: news, jury, exhibitions, sponsors, templates (one generic set of routes) and the editable pages.
  const contentQuery = z.object({
    page: z.coerce.number().int().min(1).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).optional(),
    status: z.enum(['published', 'draft']).optional(),
    category: z.enum(NEWS_CATEGORIES).optional(),
  });
  app.get('/api/admin/content/:kind', { schema: { params: kindParam, querystring: contentQuery }, config: content }, async (req) =>
    ok(await listKind(db, req.params.kind, req.query)),
  );
  app.get('/api/admin/content/:kind/:id', { schema: { params: kindIdParam }, config: content }, async (req) =>
    ok(await getKind(db, req.params.kind, req.params.id)),
  );
  // The kind's service validates the body (each kind has its own schema).
  app.post('/api/admin/content/:kind', { schema: { params: kindParam }, config: { ...content, acceptsBody: true } }, async (req) =>
    ok(await createKind(db, req.params.kind, req.body)),
  );
  app.put('/api/admin/content/:kind/:id', { schema: { params: kindIdParam }, config: { ...content, acceptsBody: true } }, async (req) =>
    ok(await updateKind(db, req.params.kind, req.params.id, req.body)),
  );
  app.delete('/api/admin/content/:kind/:id', { schema: { params: kindIdParam }, config: content }, async (req) => {
    await deleteKind(db, req.params.kind, req.params.id);
    return ok(null);
  });
  app.post('/api/admin/news/:id/publish', { schema: { params: idParam, body: z.object({ published: z.boolean() }) }, config: content }, async (req) =>
    ok(await setNewsStatus(db, req.params.id, req.body.published)),
  );
  // An exhibition video uploaded through /api/uploads/tus (purpose exhibitionVideo): the editor polls its state.
  const uploadIdParam = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, codeMessage(Code.ExhibitionVideoNotFound)) });
  app.get('/api/admin/exhibition-video/:id', { schema: { params: uploadIdParam }, config: content }, async (req) =>
    ok(await exhibitionVideoStatus(ctx, req.params.id)),
  );
  app.get('/api/admin/pages', { config: content }, async () => ok(await listEditablePages(db)));
  const slugParam = z.object({ slug: z.enum(PAGE_SLUGS) });
  app.get('/api/admin/pages/:slug', { schema: { params: slugParam }, config: content }, async (req) => ok(await getEditablePage(db, req.params.slug)));
  app.put('/api/admin/pages/:slug', { schema: { params: slugParam, body: pageBody }, config: content }, async (req) =>
    ok(await saveEditablePage(db, req.params.slug, req.body)),
  );
  app.post('/api/admin/pages/:slug/publish', { schema: { params: slugParam, body: z.object({ published: z.boolean() }) }, config: content }, async (req) =>
    ok(await setPagePublished(db, req.params.slug, req.body.published)),
  );
  // The preview shows exactly what visitors will get: the body after the server's sanitiser.
  app.post('/api/admin/preview', { schema: { body: z.object({ html: z.string().max(200_000) }) }, config: content }, async (req) =>
    ok({ html: sanitizeRichText(req.body.html) }),
  );

  // Votes: totals, audit log, suspicious patterns, void one vote; the audit log as CSV.
  const auditQuery = z.object({
    entryId: z.coerce.number().int().positive().optional(),
    ip: z.string().trim().max(64).optional(),
    voterKey: z.string().trim().max(200).optional(),
    outcome: z.string().trim().max(20).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    page: z.coerce.number().int().min(1).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).optional(),
  });
  app.get('/api/admin/votes/totals', async () => ok(await totalsPerEntry(db)));
  app.get('/api/admin/votes/audit', { schema: { querystring: auditQuery } }, async (req) => ok(await auditLog(db, req.query)));
  app.get(
    '/api/admin/votes/suspicious',
    {
      schema: {
        querystring: z.object({
          hours: z.coerce
            .number()
            .int()
            .min(1)
            .max(24 * 90)
            .default(24),
          minVotes: z.coerce.number().int().min(2).max(100_000).default(10),
          gapSeconds: z.coerce.number().int().min(1).max(3600).default(5),
        }),
      },
    },
    async (req) => ok(await suspicious(db, req.query)),
  );
  app.post(
    '/api/admin/votes/:id/void',
    {
      schema: { params: idParam, body: z.object({ reason: z.string().trim().min(1, codeMessage(Code.RejectReasonRequired)).max(500) }) },
      config: organiserHistory,
    },
    async (req) => ok(await voidVote(ctx, req.params.id, await adminId(req), req.body.reason)),
  );
  // Fraud review: an entry's votes over time, and voiding or restoring votes by rule (previewed first).
  const ruleBody = z.object({
    entryId: z.coerce.number().int().positive().optional(),
    from: z.string().max(40).optional(),
    to: z.string().max(40).optional(),
    cidr: z.string().max(64).optional(),
    minRisk: z.coerce.number().int().min(0).max(100).optional(),
  });
  const reviewReason = z.string().trim().min(1, codeMessage(Code.VoteReviewReasonRequired)).max(500);
  app.get('/api/admin/votes/timeline', { schema: { querystring: z.object({ entryId: z.coerce.number().int().positive() }) } }, async (req) =>
    ok(await entryTimeline(db, req.query.entryId)),
  );
  app.get('/api/admin/votes/actions', { schema: { querystring: z.object({ entryId: z.coerce.number().int().positive().optional() }) } }, async (req) =>
    ok(await reviewActions(db, req.query.entryId)),
  );
  app.post('/api/admin/votes/rule/preview', { schema: { body: z.object({ rule: ruleBody }) } }, async (req) => ok(await previewVoid(ctx, req.body.rule)));
  app.post('/api/admin/votes/rule/void', { schema: { body: z.object({ rule: ruleBody, reason: reviewReason }) }, config: organiserHistory }, async (req) =>
    ok(await voidByRule(ctx, req.body.rule, await adminId(req), req.body.reason)),
  );
  app.post(
    '/api/admin/votes/restore',
    {
      schema: { body: z.object({ rule: ruleBody.optional(), actionId: z.number().int().positive().optional(), reason: reviewReason }) },
      config: organiserHistory,
    },
    async (req) => ok(await restoreVotes(ctx, req.body, await adminId(req), req.body.reason)),
  );
  // Votes anyone can check: each entry's fraud index, the chain's head and the transparency page's switch.
  app.get('/api/admin/votes/fraud-index', async () => ok(await fraudIndex(db)));
  app.get('/api/admin/votes/transparency', async () => ok(await transparencyState(db)));
  app.put('/api/admin/votes/transparency', { schema: { body: z.object({ published: z.boolean() }) } }, async (req) =>
    ok(await setTransparencyPublished(db, req.body.published)),
  );
  app.get('/api/admin/exports/votes.csv', { schema: { querystring: auditQuery } }, async (req, reply) =>
    sendCsv(reply, 'votes', await exportVotesCsv(ctx, req.locale, req.query)),
  );

  // Inbox: contact messages and scam reports.
  const inboxKind = z.object({ kind: z.enum(['contact', 'scamReport']) });
  app.get(
    '/api/admin/inbox/:kind',
    {
      schema: {
        params: inboxKind,
        querystring: z.object({
          handled: z.enum(['true', 'false']).optional(),
          page: z.coerce.number().int().min(1).optional(),
          pageSize: z.coerce.number().int().min(1).max(100).optional(),
        }),
      },
    },
    async (req) =>
      ok(await inboxList(db, req.params.kind, { ...req.query, handled: req.query.handled === undefined ? undefined : req.query.handled === 'true' })),
  );
  app.post(
    '/api/admin/inbox/:kind/:id/handled',
    { schema: { params: inboxKind.extend({ id: z.coerce.number().int().positive() }), body: z.object({ handled: z.boolean() }) } },
    async (req) => {
      await setHandled(db, req.params.kind, req.params.id, await adminId(req), req.body.handled);
      return ok(null);
    },
  );
  app.post(
    '/api/admin/inbox/contact/:id/reply',
    { schema: { params: idParam, body: z.object({ reply: z.string().trim().min(1, codeMessage(Code.ReplyRequired)).max(5000) }) } },
    async (req) => {
      await replyToContact(ctx, req.params.id, await adminId(req), req.body.reply);
      return ok(null);
    },
  );
  app.get('/api/admin/exports/contacts.csv', async (req, reply) => sendCsv(reply, 'contacts', await exportContactsCsv(ctx, req.locale)));

  // Settings.
  app.get('/api/admin/settings', async () => ok(await readConsoleSettings(db, ctx.config)));
  app.put('/api/admin/settings', { schema: { body: settingsBody } }, async (req) => ok(await writeConsoleSettings(db, ctx.config, req.body, req.consoleAudit)));
  // The contest's identity (name, organiser, hero, footer, contact, filings): one settings row.
  app.get('/api/admin/identity', async () => ok(await readAdminIdentity(db)));
  app.put('/api/admin/identity', { schema: { body: identityBody } }, async (req) => ok(await saveIdentity(db, req.body, req.consoleAudit)));
  // Contest phases, one at a time, in the contest's time zone.
  app.get('/api/admin/phases', async () => ok(await readPhases(db, ctx.config)));
  app.put('/api/admin/phases/:phase', { schema: { params: phaseParam, body: phaseBody } }, async (req) =>
    ok(await savePhase(db, ctx.config, req.params.phase, req.body)),
  );
  app.delete('/api/admin/phases/:phase', { schema: { params: phaseParam } }, async (req) => ok(await clearPhase(db, ctx.config, req.params.phase)));

  // Files: content images and templates uploaded, an entry's files downloaded (own body parser, same guard).
  await app.register(consoleFileRoutes);
  // The media library: images uploaded once and placed in article bodies (own body parser, same guard).
  await app.register(consoleMediaLibraryRoutes);
  // Jury: jurors, criteria, awards, ranking, results (same guard).
  await app.register(consoleJuryRoutes);
  // The entry form's groups and fields (same guard).
  await app.register(consoleEntryFormRoutes);
  // The texts of the product's mails (same guard).
  await app.register(consoleMailTemplateRoutes);
  await app.register(consoleNoticeRoutes);

  // Users.
  app.get('/api/admin/users', { schema: { querystring: userListQuery } }, async (req) => ok(await listAccounts(db, req.query)));
  app.post('/api/admin/users/:id/disable', { schema: { params: idParam, body: userDisableBody } }, async (req) => {
    await setDisabled(db, await adminId(req), req.params.id, req.body.disabled);
    return ok(null);
  });
  app.post('/api/admin/users/:id/role', { schema: { params: idParam, body: userRoleBody } }, async (req) => {
    await setRole(db, await adminId(req), req.params.id, req.body.role, req.consoleAudit);
    return ok(null);
  });
  // Erasing a person's data on their request, and the record of erasures (self-deletions included).
  app.post('/api/admin/users/:id/erase', { schema: { params: idParam, body: userEraseBody } }, async (req) => {
    const logError = (err: unknown) => req.log.error({ err }, 'erased account: a file was not removed (the orphan sweep will)');
    return ok(await eraseOnRequest(ctx, await adminId(req), req.params.id, req.body.email, logError));
  });
  app.get('/api/admin/erasures', { schema: { querystring: erasureListQuery } }, async (req) => ok(await erasureRecord(db, req.query)));

  // The audit log: every console write, entry reviews and vote voids included; filtered, and as CSV.
  app.get('/api/admin/audit', { schema: { querystring: auditLogQuery } }, async (req) => ok(await auditLogPage(db, req.query)));
  app.get('/api/admin/exports/audit.csv', { schema: { querystring: auditLogQuery } }, async (req, reply) =>
    sendCsv(reply, 'audit', await exportAuditCsv(db, req.locale, req.query)),
  );
};

/** HTTP routes of the console area, registered by app.ts: the console page and its API. */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminPage);
  await app.register(consoleApi);
};
