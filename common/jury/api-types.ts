import type { EntryGroup } from '../constants';
import type { Entry } from '../entry';
import type { Locale } from '../locales';
import type { RankedEntry } from './ranking';

/** Answers of the jury area's API (console organiser pages, the juror's judging pages, the public results). */

type Names = Partial<Record<Locale, { name?: string }>>;

export type JuryProgress = { assigned: number; scored: number; recused: number };

export type JurorSummary = {
  userId: number;
  email: string;
  juryMemberId: number | null;
  juryMemberName: string | null;
  group: EntryGroup | null;
  invitedAt: string;
  acceptedAt: string | null;
  disabled: boolean;
  progress: JuryProgress;
};

export type Criterion = { id: number; weight: number; sort: number; i18n: Names };
export type Award = { id: number; sort: number; i18n: Names };
/** An award as visitors see it: its name in the page's locale. */
export type PublicAward = { id: number; name: string };
export type CriterionForJuror = { id: number; name: string; weight: number };

export type JudgingState = { locked: boolean; judging: { start: string; end: string } | null; blind: boolean; progress: JuryProgress };

export type JuryEntryStatus = 'todo' | 'scored' | 'recused';

/** What a juror sees of an entry: no vote count ever; no team name or logo when judging is blind (null). */
export type JuryEntrySummary = Pick<Entry, 'id' | 'entryNo' | 'group' | 'title' | 'coverUrl'> & {
  team: Entry['team'] | null;
  state: JuryEntryStatus;
};

export type JuryEntryDetail = JuryEntrySummary &
  Pick<Entry, 'description' | 'slogan' | 'film' | 'answers'> & {
    teamDesc: Entry['teamDesc'] | null;
    teamLogoUrl: Entry['teamLogoUrl'];
    criteria: CriterionForJuror[];
    scores: Record<string, number>;
    comment: string;
    recused: boolean;
    locked: boolean;
  };

export type RankingRow = RankedEntry & {
  entryNo: number | null;
  title: string;
  team: string;
  award: { id: number; name: string } | null;
};

export type Ranking = { group: EntryGroup; weights: { jury: number; public: number }; rows: RankingRow[] };

/** `mailed`: results mails sent; `toMail`: approved entries whose mail is still to go (0 while unpublished). */
export type ResultsState = { publishedAt: string | null; mailed: number; toMail: number };

/** One winner's card on the public results page. */
/** `title` is the one shown in the asked locale (the English title on English pages when there is one); `titleLang` is its `lang`. */
export type ResultWinner = {
  entryId: number;
  entryNo: number | null;
  title: string;
  titleLang: string;
  team: string;
  coverUrl: string | null;
  award: string;
  rank: number;
};
export type PublicResults = { publishedAt: string; groups: { group: EntryGroup; winners: ResultWinner[] }[] };
