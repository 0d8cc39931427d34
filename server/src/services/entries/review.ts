import type { Paged } from '../../../../common/api-types';
import type { AdminEntryDetail, AdminEntrySummary, BulkResult } from '../../../../common/console/api-types';
import type { BulkAction, EntryListQuery } from '../../../../common/console/schemas';
import { Code } from '../../../../common/errors';
import { isLocale, type Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import {
  findEntry,
  findEntryWithSubmitter,
  insertReview,
  listEntriesForReview,
  listReviews,
  lockEntryNumbering,
  nextEntryNo,
  updateEntry,
} from '../../db/repos/entries/repository';
import { findJobByEntry, findJobsByEntries } from '../../db/repos/media';
import { AppError } from '../../errors';
import { pageWindow } from '../content/paging';
import { type OrganiserViewer, presentEntryAnswers } from '../entry-form/present-answers';
import { sendMail } from '../mail/send-mail';
import { unpublishEntryFilm } from '../media/unpublish';
import { consoleEntryDetail, consoleSummary } from './presenter';
import { approvedColumns, assertMayApply, awardColumns, changesRequestedColumns, rejectedColumns } from './status';

export async function listEntries(db: Db, q: EntryListQuery): Promise<Paged<AdminEntrySummary>> {
  const w = pageWindow({ page: q.page, pageSize: q.pageSize });
  const { rows, total } = await listEntriesForReview(db, q, w.offset, w.limit);
  const jobs = new Map(
    (
      await findJobsByEntries(
        db,
        rows.map((r) => r.id),
      )
    ).map((j) => [j.entry_id, j]),
  );
  return { items: rows.map((r) => consoleSummary(r, jobs.get(r.id))), total, page: w.page, pageSize: w.pageSize };
}

export async function entryDetail(db: Db, id: number, viewer: OrganiserViewer): Promise<AdminEntryDetail> {
  const row = await findEntryWithSubmitter(db, id);
  if (!row) throw new AppError(Code.NotFound);
  const [history, job] = await Promise.all([listReviews(db, id), findJobByEntry(db, id)]);
  return consoleEntryDetail(
    row,
    job,
    history.map((h) => ({ id: h.id, action: h.action, note: h.note, adminEmail: h.admin_email, createdAt: h.created_at })),
    await presentEntryAnswers(db, id, viewer),
  );
}

/** Approves one entry inside the caller's transaction: the next public entry number, kept if it had one. */
async function approveIn(ctx: AppContext, trx: Db, id: number, adminId: number): Promise<void> {
  const entry = await findEntry(trx, id);
  if (!entry) throw new AppError(Code.NotFound);
  // Refused before the numbering lock is taken: a wrong status never waits for it.
  assertMayApply('approve', entry.status);
  await lockEntryNumbering(trx, ctx.dialect);
  const now = nowIso();
  const entryNo = entry.entry_no ?? (await nextEntryNo(trx));
  await updateEntry(trx, id, approvedColumns(entry.status, entryNo, now));
  await insertReview(trx, { entry_id: id, admin_id: adminId, action: 'approve', note: `#${entryNo}`, created_at: now });
}

async function rejectIn(trx: Db, id: number, adminId: number, reason: string): Promise<void> {
  const entry = await findEntry(trx, id);
  if (!entry) throw new AppError(Code.NotFound);
  const now = nowIso();
  await updateEntry(trx, id, rejectedColumns(entry.status, reason, now));
  await insertReview(trx, { entry_id: id, admin_id: adminId, action: 'reject', note: reason, created_at: now });
}

async function requestChangesIn(trx: Db, id: number, adminId: number, note: string): Promise<void> {
  const entry = await findEntry(trx, id);
  if (!entry) throw new AppError(Code.NotFound);
  const now = nowIso();
  await updateEntry(trx, id, changesRequestedColumns(entry.status, note, now));
  await insertReview(trx, { entry_id: id, admin_id: adminId, action: 'changes', note, created_at: now });
}

async function awardIn(trx: Db, id: number, adminId: number, award: 'finalist' | 'winner' | null): Promise<void> {
  const entry = await findEntry(trx, id);
  if (!entry) throw new AppError(Code.NotFound);
  const now = nowIso();
  await updateEntry(trx, id, awardColumns(entry.status, award, now));
  await insertReview(trx, { entry_id: id, admin_id: adminId, action: award ? 'award' : 'unaward', note: award, created_at: now });
}

/**
 * Tells the entrant of a review decision, in their account's language (the one they chose for the site,
 * else the one they submitted in). A delivery failure does not undo the decision: the answer says whether
 * the mail went.
 */
type Decision = 'approved' | { reason: string } | { changes: string };

async function mailDecision(ctx: AppContext, id: number, decision: Decision): Promise<boolean> {
  const row = await findEntryWithSubmitter(ctx.db, id);
  if (!row) return false;
  const locale: Locale = isLocale(row.submitter_locale) ? row.submitter_locale : isLocale(row.locale) ? row.locale : 'zh-CN';
  const common = { entryTitle: row.title, submissionNo: row.submission_no, accountUrl: `${ctx.config.publicUrl}/${locale}/account` };
  try {
    if (decision === 'approved') {
      const entryUrl = `${ctx.config.publicUrl}/${locale}/gallery/${id}`;
      await sendMail(ctx, 'entryApproved', row.submitter_email, locale, { ...common, entryNo: row.entry_no ?? '', entryUrl });
    } else if ('changes' in decision) {
      const editUrl = `${ctx.config.publicUrl}/${locale}/submitWorks?edit=${id}`;
      await sendMail(ctx, 'entryChangesRequested', row.submitter_email, locale, { ...common, note: decision.changes, editUrl });
    } else await sendMail(ctx, 'entryRejected', row.submitter_email, locale, { ...common, reason: decision.reason });
    return true;
  } catch {
    return false;
  }
}

export async function approveEntry(ctx: AppContext, id: number, adminId: number): Promise<{ mailed: boolean }> {
  await ctx.db.transaction().execute((trx) => approveIn(ctx, trx, id, adminId));
  return { mailed: await mailDecision(ctx, id, 'approved') };
}

export async function rejectEntry(ctx: AppContext, id: number, adminId: number, reason: string): Promise<{ mailed: boolean }> {
  await ctx.db.transaction().execute((trx) => rejectIn(trx, id, adminId, reason));
  // Out of the gallery means off the film's public addresses too.
  await unpublishEntryFilm(ctx, id);
  return { mailed: await mailDecision(ctx, id, { reason }) };
}

/** Sends a waiting entry back to its entrant with what to change; they are mailed the note in their language. */
export async function requestEntryChanges(ctx: AppContext, id: number, adminId: number, note: string): Promise<{ mailed: boolean }> {
  await ctx.db.transaction().execute((trx) => requestChangesIn(trx, id, adminId, note));
  return { mailed: await mailDecision(ctx, id, { changes: note }) };
}

export async function awardEntry(ctx: AppContext, id: number, adminId: number, award: 'finalist' | 'winner' | null): Promise<void> {
  await ctx.db.transaction().execute((trx) => awardIn(trx, id, adminId, award));
}

/**
 * Applies one action to many entries. Each entry is its own transaction, so one entry in the wrong state
 * does not block the others; the answer lists what was done and what was refused with its code.
 */
export async function bulkAction(ctx: AppContext, adminId: number, action: BulkAction): Promise<BulkResult> {
  const result: BulkResult = { done: [], failed: [] };
  for (const id of [...new Set(action.ids)]) {
    try {
      if (action.action === 'approve') await approveEntry(ctx, id, adminId);
      else if (action.action === 'reject') await rejectEntry(ctx, id, adminId, action.reason);
      else await awardEntry(ctx, id, adminId, action.award);
      result.done.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.failed.push({ id, code: err.code });
    }
  }
  return result;
}
