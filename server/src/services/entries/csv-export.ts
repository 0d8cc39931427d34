import type { EntryListQuery } from '../../../../common/console/schemas';
import { t } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { allContacts } from '../../db/repos/console/inbox';
import { type AuditFilter, allAudit } from '../../db/repos/console/votes';
import { allEntriesForExport } from '../../db/repos/entries/repository';
import { findJobsByEntries } from '../../db/repos/media';
import { toCsv } from '../console/csv';
import { entriesReport } from '../entry-form/entries-report';
import { statusOf } from '../media/jobs';

const abs = (base: string, url: string | null) => (url ? (url.startsWith('/') ? `${base}${url}` : url) : '');

/** Every entry matching the console's filters, with absolute links to its files. */
export async function exportEntriesCsv(ctx: AppContext, locale: Locale, filter: EntryListQuery): Promise<string> {
  const rows = await allEntriesForExport(ctx.db, filter);
  const approvedIds = rows.filter((r) => r.status === 'approved').map((r) => r.id);
  const jobs = new Map((await findJobsByEntries(ctx.db, approvedIds)).map((j) => [j.entry_id, j]));
  const base = ctx.config.publicUrl;
  const report = await entriesReport(ctx.db, locale, ctx.config.contestTimezone, rows);
  const header = [
    'console.csv.id',
    'console.csv.submissionNo',
    'console.csv.entryNo',
    'console.csv.status',
    'console.csv.group',
    'console.csv.title',
    'console.csv.team',
    'console.csv.submitter',
    'console.csv.award',
    'console.csv.votes',
    'console.csv.createdAt',
    'console.csv.approvedAt',
    'console.csv.videoUrl',
    'console.csv.coverUrl',
    'console.csv.videoCoverUrl',
    'console.csv.teamLogoUrl',
    'console.csv.galleryUrl',
  ] as const;
  const times = new Set<string>(['console.csv.createdAt', 'console.csv.approvedAt']);
  return toCsv(
    [...header.map((k) => (times.has(k) ? report.timeHeader(t(locale, k)) : t(locale, k))), ...report.header],
    rows.map((r) => [
      r.id,
      r.submission_no,
      r.entry_no,
      report.status(r.status),
      report.group(r.group),
      r.title,
      r.team,
      r.submitter_email,
      report.award(r.award),
      r.vote_count,
      report.time(r.created_at),
      report.time(r.approved_at),
      // Public entries only: an unapproved film's address is not for sharing.
      abs(base, r.status === 'approved' ? statusOf(jobs.get(r.id), r).mp4 : null),
      abs(base, r.cover_url),
      abs(base, r.video_cover_url),
      abs(base, r.team_logo_url),
      r.status === 'approved' ? `${base}/gallery/${r.id}` : '',
      ...report.answers(r),
    ]),
  );
}

/** The vote audit log (every vote, refusal and void) matching the console's filters. */
export async function exportVotesCsv(ctx: AppContext, locale: Locale, filter: AuditFilter): Promise<string> {
  const rows = await allAudit(ctx.db, filter);
  const header = ['console.csv.id', 'console.csv.entryId', 'console.csv.voter', 'console.csv.ip', 'console.csv.outcome', 'console.csv.createdAt'] as const;
  return toCsv(
    header.map((k) => t(locale, k)),
    rows.map((r) => [r.id, r.entry_id, r.voter_key, r.ip, r.outcome, r.created_at]),
  );
}

export async function exportContactsCsv(ctx: AppContext, locale: Locale): Promise<string> {
  const rows = await allContacts(ctx.db);
  const header = [
    'console.csv.id',
    'console.csv.name',
    'console.csv.email',
    'console.csv.content',
    'console.csv.locale',
    'console.csv.createdAt',
    'console.csv.handledAt',
    'console.csv.reply',
  ] as const;
  return toCsv(
    header.map((k) => t(locale, k)),
    rows.map((r) => [r.id, r.name, r.email, r.content, r.locale, r.created_at, r.handled_at, r.reply]),
  );
}
