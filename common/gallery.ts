import type { Entry } from './entry';

/** Gallery API shapes and options, shared by the server and the web app. */
export const GALLERY_SORTS = ['newest', 'votes', 'number'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

/**
 * A gallery card's cover: its CSS width (gallery.css .entry-grid: two columns inside 20 px margins on
 * phones, then 220 px+ columns in a 1200 px container, so a 375 px phone fetches a 160-240 px cover) and
 * the largest width worth offering. The card and the server's preload of the first covers share them.
 */
export const GALLERY_CARD_SIZES = '(max-width: 520px) calc(50vw - 26px), (max-width: 1000px) calc(33vw - 20px), 290px';
export const GALLERY_CARD_MAX_WIDTH = 400;
/** Cards in the first row (two on a phone, up to four on a desktop): fetched at once, not lazily. */
export const GALLERY_FIRST_ROW = 4;

/**
 * `perDayTotal`: N votes a day in all (the organiser's N), at most one of them per entry, as Chinese public
 * votes usually word it ("每人每天可投N票，每个作品每天限投1票"). Days are the contest's calendar days.
 */
export const VOTING_RULES = ['perEntry', 'perContest', 'perEntryPerDay', 'perDayTotal'] as const;
export type VotingRule = (typeof VOTING_RULES)[number];
/** Votes a voter has per day under `perDayTotal`. */
export const PER_DAY_TOTAL_RANGE = { min: 1, max: 100, default: 5 } as const;

/**
 * Who a voter is, the organiser's choice: `anonymous` (signed cookie + proof of work + budgets per address
 * and subnet), `email` (a 6-digit code mailed to a real, non-throwaway address: one voter per address),
 * `account` (signed-in verified accounts only), `phone` (a 6-digit code texted to a mobile number: one voter
 * per number) or `wechat` (signed in through WeChat's web authorisation: one voter per WeChat user).
 */
export const VOTER_MODES = ['anonymous', 'email', 'account', 'phone', 'wechat'] as const;
export type VoterMode = (typeof VOTER_MODES)[number];
/** An e-mailed or texted voting code: six digits, ten minutes, five tries. */
export const VOTE_CODE_TTL_MINUTES = 10;
export const VOTE_CODE_MAX_TRIES = 5;

/**
 * The public's view of an entry: a gallery card. `title` is the one shown in the reader's locale (the English
 * title on English pages when the entrant gave one, see `shownTitle`), so the answer depends on the locale.
 */
export type GalleryEntrySummary = Pick<Entry, 'id' | 'entryNo' | 'group' | 'title' | 'team' | 'coverUrl'> & {
  /** Null while the organiser hides counts (until voting closes); the last snapshot's while they are delayed. */
  voteCount: number | null;
  /** The entry's `locale`, named for the `lang` attribute the page puts on its texts. */
  lang: Entry['locale'];
  /** The `lang` of the title shown: 'en' for the English title, else the entry's `lang`. */
  titleLang: string;
};

/**
 * The public's view of one entry. `film` is the film as the media pipeline made it (HLS, MP4 fallback, poster)
 * or its state before that: every entry's playback comes from here, seeded or submitted. Failure details are
 * left out (public answer).
 */
export type GalleryEntryDetail = GalleryEntrySummary &
  Pick<Entry, 'description' | 'teamDesc' | 'teamLogoUrl' | 'slogan' | 'film' | 'videoCoverUrl'> & {
    /** The entrant's subtitles as WebVTT (served only while the entry is approved), or null. */
    captionsUrl: string | null;
    prevId: number | null;
    nextId: number | null;
    /** Whether this visitor (cookie) already voted for the entry under the current rule. */
    voted: boolean;
    votingOpen: boolean;
    /** How this contest identifies voters: the button asks for an e-mail code or a login accordingly. */
    voterMode: VoterMode;
    counts: CountsShown;
    /** The entry's public URL in the request's locale (share links, poster QR code). */
    shareUrl: string;
  };

/** A page of the gallery; `voterMode` tells each card's vote button how this contest identifies voters. */
/** `notYetOpen`: approved entries are not public yet (they are from the start of voting, `opensAt`, or earlier if the organiser says so). */
export type GalleryPage = {
  items: GalleryEntrySummary[];
  total: number;
  page: number;
  pageSize: number;
  voterMode: VoterMode;
  counts: CountsShown;
  notYetOpen: boolean;
  opensAt: string | null;
};

/**
 * The films strip on the home page, in the organiser's order (console setting `home.filmOrder`): the newest
 * approved, or the most voted while counts show live (otherwise the order itself would tell the counts).
 */
export const HOME_FILM_ORDERS = ['newest', 'mostVoted'] as const;
export type HomeFilmOrder = (typeof HOME_FILM_ORDERS)[number];
/** Cards the strip shows at most (a row on a desktop, two on a phone). */
export const HOME_FILMS_COUNT = 8;
/** `items` is empty while the gallery is closed or nothing is approved: the page then shows no strip. */
export type HomeFilms = { items: GalleryEntrySummary[]; order: HomeFilmOrder; voterMode: VoterMode; counts: CountsShown };

/** `voteCount` is null unless counts show live; `receipt` lets the voter check later that the vote counted. */
export type VoteResult = { entryId: number; voteCount: number | null; receipt: string };

/**
 * How visitors see counts while voting runs, the organiser's choice: `live`, `delayed` (a snapshot retaken
 * every `delayMinutes`) or `hidden` until voting closes. Once voting has closed every count shows in full.
 */
export const COUNT_DISPLAYS = ['live', 'delayed', 'hidden'] as const;
export type CountDisplay = (typeof COUNT_DISPLAYS)[number];
export const COUNT_DELAY_RANGE = { min: 1, max: 1440, default: 15 } as const;
/** What a visitor's page says about the counts it shows: `asOf` is the delayed snapshot's time. */
export type CountsShown = { display: CountDisplay; asOf: string | null };

export type ScamTip = { id: number; title: string; body: string };

/** The entry's public URL in a locale: what share links and the poster's QR code carry. */
export function entryUrl(publicUrl: string, locale: string, id: number): string {
  return `${publicUrl}/${locale}/gallery/${id}`;
}

export function weiboShareUrl(url: string, title: string): string {
  return `https://service.weibo.com/share/share.php?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}
