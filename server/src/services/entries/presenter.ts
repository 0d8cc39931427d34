import type { AdminEntryDetail, AdminEntrySummary, EntryReview } from '../../../../common/console/api-types';
import { type Entry, shownTitle } from '../../../../common/entry';
import type { PresentedAnswer } from '../../../../common/entry-form/definitions';
import type { GalleryEntryDetail, GalleryEntrySummary } from '../../../../common/gallery';
import type { JuryEntryDetail, JuryEntryStatus, JuryEntrySummary } from '../../../../common/jury/api-types';
import type { Locale } from '../../../../common/locales';
import type { MediaStatus } from '../../../../common/media';
import type { ExportedEntry } from '../../../../common/privacy';
import type { MyEntry, MyEntryDetail } from '../../../../common/schemas/entry';
import type { EntryRow } from '../../db/repos/entries/repository';
import type { MediaJob } from '../../db/repos/media';
import { publicStatus, statusOf } from '../media/jobs';
import { sentBack } from './status';

/**
 * The entry's presenter: how a row of `entries` becomes each audience's answer. The public (gallery), the
 * owner (My entries), the organiser (console) and the juror each get a view picked from `Entry`; what one
 * audience must never see (the vote count for jurors, private keys for the public) is left out here.
 */

/** The column behind each field of `Entry` (the film comes from the media job, the answers are presented by entry-form/present-answers). */
const COLUMN = {
  id: 'id',
  submissionNo: 'submission_no',
  entryNo: 'entry_no',
  status: 'status',
  group: 'group',
  title: 'title',
  titleEn: 'title_en',
  description: 'description',
  team: 'team',
  teamDesc: 'team_desc',
  slogan: 'slogan',
  teamLogoUrl: 'team_logo_url',
  coverUrl: 'cover_url',
  videoCoverUrl: 'video_cover_url',
  empowerKey: 'empower_key',
  award: 'award',
  rejectReason: 'reject_reason',
  changesNote: 'changes_note',
  voteCount: 'vote_count',
  locale: 'locale',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  approvedAt: 'approved_at',
} as const satisfies Record<Exclude<keyof Entry, 'film' | 'answers'>, keyof EntryRow>;

type Field = keyof typeof COLUMN;
/** A row holding the columns behind `K`: the repository's narrower selects qualify. */
type RowOf<K extends Field> = Pick<EntryRow, (typeof COLUMN)[K]>;

/** The fields `keys` of a row, in that order; the columns' plain strings are the catalogued values (status, group, award). */
function fields<K extends Field>(row: RowOf<K>, keys: readonly K[]): Pick<Entry, K> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = (row as Record<string, unknown>)[COLUMN[key]];
  return out as Pick<Entry, K>;
}

// --- The public (gallery) -----------------------------------------------------------------------------------

const CARD = ['id', 'entryNo', 'group', 'team', 'coverUrl', 'voteCount'] as const;
type CardRow = RowOf<(typeof CARD)[number] | 'title' | 'titleEn' | 'locale'>;

/** The title a reader of `locale` reads, and its language: every public place that names the entry asks here. */
export function titleFor(row: RowOf<'title' | 'titleEn' | 'locale'>, locale: Locale): { title: string; lang: string } {
  return shownTitle({ title: row.title, titleEn: row.title_en, locale: row.locale }, locale);
}

/** A card in the reader's locale: the title is the one they read (the English one on English pages, when given). */
export function galleryCard(row: CardRow, locale: Locale): GalleryEntrySummary {
  const shown = titleFor(row, locale);
  return { ...fields(row, CARD), title: shown.title, lang: row.locale, titleLang: shown.lang };
}

type GalleryEntryView = Omit<GalleryEntryDetail, 'captionsUrl' | 'prevId' | 'nextId' | 'voted' | 'votingOpen' | 'voterMode' | 'counts' | 'shareUrl'>;

/** The entry as every visitor sees it; the page's own parts (neighbours, voting, share link) are the gallery's. */
export function galleryEntry(
  row: CardRow & RowOf<'description' | 'teamDesc' | 'teamLogoUrl' | 'slogan' | 'videoCoverUrl'>,
  job: MediaJob | undefined,
  locale: Locale,
): GalleryEntryView {
  return {
    ...galleryCard(row, locale),
    ...fields(row, ['description', 'teamDesc', 'teamLogoUrl', 'slogan']),
    film: publicStatus(statusOf(job, row)),
    videoCoverUrl: row.video_cover_url,
  };
}

// --- The owner (My entries) ---------------------------------------------------------------------------------

/** `editable`: pending review while the submission window is open (the status rule is the status machine's). */
export function ownerEntry(row: EntryRow, editable: boolean, media: MyEntry['media']): MyEntry {
  return {
    ...fields(row, ['id', 'submissionNo', 'entryNo']),
    status: row.status as MyEntry['status'],
    ...fields(row, ['group', 'title', 'coverUrl']),
    // The reason of an earlier rejection is not shown once the entry is approved again.
    rejectReason: row.status === 'rejected' ? row.reject_reason : null,
    // The note is what to do now: shown only while the entry waits for the entrant's changes.
    changesNote: sentBack(row.status) ? row.changes_note : null,
    ...fields(row, ['createdAt', 'updatedAt']),
    editable,
    media,
  };
}

export function ownerEntryDetail(
  row: EntryRow,
  editable: boolean,
  media: MyEntry['media'],
  files: MyEntryDetail['files'],
  answers: PresentedAnswer[],
): MyEntryDetail {
  return { ...ownerEntry(row, editable, media), ...fields(row, ['titleEn', 'description', 'team', 'teamDesc', 'slogan']), files, answers };
}

/** The owner's data export: every field but the private storage key, and the reviews as the owner is told them. */
export function exportedEntry(
  row: EntryRow,
  reviews: { action: string; note: string | null; created_at: string }[],
  answers: PresentedAnswer[],
): ExportedEntry {
  return {
    ...fields(row, ['id', 'submissionNo', 'entryNo', 'status', 'group', 'title', 'titleEn', 'description', 'team', 'teamDesc', 'slogan']),
    ...fields(row, ['teamLogoUrl', 'coverUrl', 'videoCoverUrl', 'award', 'rejectReason', 'changesNote', 'voteCount', 'locale']),
    ...fields(row, ['createdAt', 'updatedAt', 'approvedAt']),
    answers,
    reviews: reviews.map((r) => ({ action: r.action, note: r.action === 'reject' || r.action === 'changes' ? r.note : null, at: r.created_at })),
  };
}

// --- The organiser (console) --------------------------------------------------------------------------------

type ConsoleRow = EntryRow & { submitter_email: string };

export function consoleSummary(row: ConsoleRow, job: MediaJob | undefined): AdminEntrySummary {
  const { status, progress } = statusOf(job, row);
  return {
    ...fields(row, ['id', 'submissionNo', 'entryNo', 'status', 'group', 'title', 'titleEn', 'team', 'award', 'voteCount', 'coverUrl']),
    submitterEmail: row.submitter_email,
    ...fields(row, ['createdAt', 'approvedAt']),
    film: { status, progress },
  };
}

export function consoleEntryDetail(
  row: ConsoleRow & { submitter_locale: string },
  job: MediaJob | undefined,
  history: EntryReview[],
  answers: PresentedAnswer[],
): AdminEntryDetail {
  return {
    ...consoleSummary(row, job),
    ...fields(row, ['description', 'teamDesc', 'slogan', 'teamLogoUrl', 'videoCoverUrl']),
    film: statusOf(job, row),
    ...fields(row, ['empowerKey', 'rejectReason', 'changesNote', 'locale']),
    submitter: { id: row.user_id, email: row.submitter_email, locale: row.submitter_locale },
    history,
    answers,
  };
}

// --- The juror ----------------------------------------------------------------------------------------------

type JurorRow = RowOf<'id' | 'entryNo' | 'group' | 'title' | 'coverUrl' | 'team' | 'description' | 'slogan' | 'teamDesc' | 'teamLogoUrl' | 'videoCoverUrl'>;

/** Blind judging hides who made the film: no team name, description of the team or logo. */
export function jurorSummary(row: JurorRow, blind: boolean, state: JuryEntryStatus): JuryEntrySummary {
  return { ...fields(row, ['id', 'entryNo', 'group', 'title', 'coverUrl']), team: blind ? null : row.team, state };
}

type JurorEntryView = Omit<JuryEntryDetail, 'criteria' | 'scores' | 'comment' | 'recused' | 'locked'>;

/** `answers`: those the organiser shows jurors (entry-form/present-answers). */
export function jurorEntry(row: JurorRow, blind: boolean, state: JuryEntryStatus, job: MediaJob | undefined, answers: PresentedAnswer[]): JurorEntryView {
  const film: MediaStatus = statusOf(job, row);
  return {
    ...jurorSummary(row, blind, state),
    ...fields(row, ['description', 'slogan']),
    teamDesc: blind ? null : row.team_desc,
    teamLogoUrl: blind ? null : row.team_logo_url,
    // The film as the public sees it; its failure details are the entrant's and the organiser's.
    film: publicStatus(film),
    answers,
  };
}
