import type { Paged } from '../../../../common/api-types';
import type { AdminEntryDetail, AdminEntrySummary, BulkResult } from '../../../../common/console/api-types';
import type { BulkAction, EntryListQuery } from '../../../../common/console/schemas';
import type { EntryGroup } from '../../../../common/constants';
import { Code } from '../../../../common/errors';
import { t } from '../../../../common/i18n/index';
import { isLocale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import {
  findEntryWithSubmitter,
  insertReview,
  listEntriesForReview,
  listReviews,
  lockEntry,
  lockEntryNumbering,
  nextEntryNo,
  updateEntry,
} from '../../db/repos/console/entries';
import { findJobByEntry, findJobsByEntries, type MediaJob } from '../../db/repos/media';
import type { EntriesTable } from '../../db/schema/index';
import { AppError } from '../../errors';
import { pageWindow } from '../content/paging';
import { type OrganiserViewer, presentEntryAnswers } from '../entry-form/present-answers';
import { statusOf } from '../media/jobs';
import { unpublishEntryFilm } from '../media/unpublish';

type EntryRow = Omit<EntriesTable, 'id'> & { id: number; submitter_email: string };

export function toSummary(row: EntryRow, job: MediaJob | undefined): AdminEntrySummary {
  const { status, progress } = statusOf(job, row);
  return {
    id: row.id,
    submissionNo: row.submission_no,
    entryNo: row.entry_no,
    status: row.status,
    group: row.group as EntryGroup,
    title: row.title,
    team: row.team,
    award: row.award,
    voteCount: row.vote_count,
    coverUrl: row.cover_url,
    submitterEmail: row.submitter_email,
    createdAt: row.created_at,
    approvedAt: row.approved_at,
    film: { status, progress },
  };
}

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
  return { items: rows.map((r) => toSummary(r, jobs.get(r.id))), total, page: w.page, pageSize: w.pageSize };
}

export async function entryDetail(db: Db, id: number, viewer: OrganiserViewer): Promise<AdminEntryDetail> {
  const row = await findEntryWithSubmitter(db, id);
  if (!row) throw new AppError(Code.NotFound);
  const [history, job] = await Promise.all([listReviews(db, id), findJobByEntry(db, id)]);
  return {
    ...toSummary(row, job),
    description: row.description,
    teamDesc: row.team_desc,
    slogan: row.slogan,
    teamLogoUrl: row.team_logo_url,
    videoCoverUrl: row.video_cover_url,
    film: statusOf(job, row),
    empowerKey: row.empower_key,
    rejectReason: row.reject_reason,
    locale: row.locale,
    submitter: { id: row.user_id, email: row.submitter_email, locale: row.submitter_locale },
    history: history.map((h) => ({ id: h.id, action: h.action, note: h.note, adminEmail: h.admin_email, createdAt: h.created_at })),
    answers: await presentEntryAnswers(db, id, viewer),
  };
}

/** Approves one entry inside the caller's transaction: the next public entry number, kept if it had one. */
async function approveIn(ctx: AppContext, trx: Db, id: number, adminId: number): Promise<void> {
  const entry = await lockEntry(trx, id);
  if (!entry) throw new AppError(Code.NotFound);
  if (entry.status !== 'pending' && entry.status !== 'rejected') throw new AppError(Code.EntryStatusConflict);
  await lockEntryNumbering(trx, ctx.dialect);
  const now = nowIso();
  const entryNo = entry.entry_no ?? (await nextEntryNo(trx));
  await updateEntry(trx, id, { status: 'approved', entry_no: entryNo, approved_at: now, reject_reason: null, updated_at: now });
  await insertReview(trx, { entry_id: id, admin_id: adminId, action: 'approve', note: `#${entryNo}`, created_at: now });
}

async function rejectIn(trx: Db, id: number, adminId: number, reason: string): Promise<EntryRow> {
  const entry = await lockEntry(trx, id);
  if (!entry) throw new AppError(Code.NotFound);
  if (entry.status !== 'pending' && entry.status !== 'approved') throw new AppError(Code.EntryStatusConflict);
  const now = nowIso();
  // A rejected entry leaves the gallery and loses any award; its number stays reserved if re-approved.
  await updateEntry(trx, id, { status: 'rejected', reject_reason: reason, award: null, updated_at: now });
  await insertReview(trx, { entry_id: id, admin_id: adminId, action: 'reject', note: reason, created_at: now });
  return { ...entry, submitter_email: '' };
}

async function awardIn(trx: Db, id: number, adminId: number, award: 'finalist' | 'winner' | null): Promise<void> {
  const entry = await lockEntry(trx, id);
  if (!entry) throw new AppError(Code.NotFound);
  if (entry.status !== 'approved') throw new AppError(Code.AwardNeedsApproval);
  const now = nowIso();
  await updateEntry(trx, id, { award, updated_at: now });
  await insertReview(trx, { entry_id: id, admin_id: adminId, action: award ? 'award' : 'unaward', note: award, created_at: now });
}

/** Tells the submitter why, in the language they submitted in. Delivery failure does not undo the decision. */
async function mailRejection(ctx: AppContext, id: number, reason: string): Promise<boolean> {
  const row = await findEntryWithSubmitter(ctx.db, id);
  if (!row) return false;
  const locale = isLocale(row.locale) ? row.locale : 'zh-CN';
  const values = { title: row.title, reason, submissionNo: row.submission_no, url: `${ctx.config.publicUrl}/${locale}/account` };
  const text = t(locale, 'console.mail.reject.body', values);
  try {
    await ctx.mailer.send({
      to: row.submitter_email,
      subject: t(locale, 'console.mail.reject.subject', values),
      text,
      html: text
        .split('\n')
        .map((line) => `<p>${line.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
        .join(''),
    });
    return true;
  } catch {
    return false;
  }
}

export async function approveEntry(ctx: AppContext, id: number, adminId: number): Promise<void> {
  await ctx.db.transaction().execute((trx) => approveIn(ctx, trx, id, adminId));
}

export async function rejectEntry(ctx: AppContext, id: number, adminId: number, reason: string): Promise<{ mailed: boolean }> {
  await ctx.db.transaction().execute((trx) => rejectIn(trx, id, adminId, reason));
  // Out of the gallery means off the film's public addresses too.
  await unpublishEntryFilm(ctx, id);
  return { mailed: await mailRejection(ctx, id, reason) };
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
