import type { PageSlug } from '../constants';
import type { Entry, EntryFilmProgress } from '../entry';
import type { AssignableRole } from './staff';

/** Response shapes of the console API, shared by the server and the console SPA. */
/** The organiser's view of an entry in the console's list. */
export type AdminEntrySummary = Pick<
  Entry,
  'id' | 'submissionNo' | 'entryNo' | 'status' | 'group' | 'title' | 'titleEn' | 'team' | 'award' | 'voteCount' | 'coverUrl' | 'createdAt' | 'approvedAt'
> & {
  submitterEmail: string;
  /** Where the film is in the media pipeline, so a failed transcode shows in the list, not only in the drawer. */
  film: EntryFilmProgress;
};

export type EntryReview = { id: number; action: string; note: string | null; adminEmail: string | null; createdAt: string };

/** The organiser's view of one entry (the drawer): `film` with its failure details (re-run from the drawer). */
export type AdminEntryDetail = Omit<AdminEntrySummary, 'film'> &
  Pick<
    Entry,
    'description' | 'teamDesc' | 'slogan' | 'teamLogoUrl' | 'videoCoverUrl' | 'film' | 'empowerKey' | 'rejectReason' | 'changesNote' | 'locale' | 'answers'
  > & {
    submitter: { id: number; email: string; locale: string };
    history: EntryReview[];
  };

export type BulkResult = { done: number[]; failed: { id: number; code: number }[] };

/** A content row as the console edits it: plain columns in camelCase plus the raw localized texts. */
export type AdminContentRow = { id: number; i18n: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/** An organiser-written page in the console. A page never written answers empty: no texts, no dates, a draft. */
export type EditablePage = {
  slug: PageSlug;
  i18n: Record<string, Record<string, unknown>>;
  extra: Record<string, string>;
  updatedAt: string | null;
  published: boolean;
  publishedAt: string | null;
};

export type AdminUser = {
  id: number;
  email: string;
  role: AssignableRole | 'juror';
  locale: string;
  verifiedAt: string | null;
  disabledAt: string | null;
  createdAt: string;
  entryCount: number;
};

/** The last sweep of orphaned files (hourly): when, and how many of each kind it removed. */
export type CleanupFigures = {
  at: string;
  removed: { abandonedUploads: number; contentImages: number; exhibitionVideos: number; uploads: number; renditions: number; workFolders: number };
};

export type DashboardStats = {
  users: { total: number; verified: number; admins: number };
  /** null until the first sweep has run. */
  cleanup: CleanupFigures | null;
  entries: { byStatus: Record<string, number>; byGroup: Record<string, number>; perDay: { day: string; count: number }[] };
  votes: {
    total: number;
    today: number;
    perHour: { hour: string; count: number }[];
    top: { id: number; entryNo: number | null; title: string; votes: number }[];
  };
};
