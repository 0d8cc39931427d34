/** Business constants (time-outs, paging, cache spans, upload limits), shared by server and web. */
export const REQUEST_TIMEOUT_MS = 20_000;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const REFRESH_ON_FOCUS_SPAN_MS = 5_000;
export const REQUEST_CACHE_TIME_MS = 5 * 60_000;
export const LOAD_MORE_THRESHOLD_PX = 100;
export const ACCESS_TOKEN_KEY = 'access_token';
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_SIZES = {
  teamLogo: { width: 160, height: 160 },
  cover: { width: 400, height: 400 },
  videoCover: { width: 960, height: 540 },
} as const;
export const VIDEO_MAX_SECONDS = 10 * 60;
/** A trailer may come with the entry; a trailer is a short cut of the film, so 3 minutes. */
export const TRAILER_MAX_SECONDS = 3 * 60;
export const VIDEO_RESOLUTION = { width: 1920, height: 1080 } as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 15;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const NOTIFICATION_DURATION_S = 1.5;
export const NOTIFICATION_TOP = 65;

export const NEWS_CATEGORIES = ['media', 'announcement'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/**
 * The groups every install starts with (written by migration 0021). The organiser may add, rename and delete
 * groups, so a group is any key of the entry_groups table: read the list from GET /api/entry-form, never from here.
 */
export const GROUPS = ['open', 'student'] as const;
/** A group's key (one of the organiser's groups). */
export type EntryGroup = string;

export const SPONSOR_TIERS = ['title', 'gold', 'partner', 'media'] as const;
export type SponsorTier = (typeof SPONSOR_TIERS)[number];

/** Editable page slugs (organiser-managed rich text). */
export const PAGE_SLUGS = ['eventDetails', 'aboutUs', 'specialThanks', 'privacy'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** Contest phases in order; their dates live in the contest settings. `judging`: jurors score; its end locks the scores. */
export const PHASES = ['registration', 'submission', 'review', 'voting', 'judging', 'awards'] as const;
export type Phase = (typeof PHASES)[number];
