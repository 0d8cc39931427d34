import { POW_BASE_RANGE, POW_STEP_UP_RANGE } from '../../../../common/challenge';
import { Code } from '../../../../common/errors';
import { assertNever } from '../../../../common/exhaustive';
import {
  COUNT_DELAY_RANGE,
  COUNT_DISPLAYS,
  type CountDisplay,
  PER_DAY_TOTAL_RANGE,
  VOTER_MODES,
  VOTING_RULES,
  type VoterMode,
  type VotingRule,
} from '../../../../common/gallery';
import {
  COUNT_DELAY_SETTING,
  COUNT_DISPLAY_SETTING,
  GALLERY_BEFORE_VOTING_SETTING,
  PER_DAY_TOTAL_SETTING,
  PHASES_SETTING,
  POW_BASE_SETTING,
  POW_STEP_UP_SETTING,
  RATE_SETTING,
  STEP_UP_SETTING,
  STRIP_PLUS_TAGS_SETTING,
  SUBNET_SETTING,
  TRANSPARENCY_SETTING,
  VOTER_MODE_SETTING,
  VOTING_RULE_SETTING,
} from '../../../../common/settings-keys';
import type { Db } from '../../db/database';
import { readKeys } from '../../db/repos/gallery/votes';
import { AppError } from '../../errors';
import { contestDay } from '../contest/contest-day';
import { isPhaseOpen, phaseWindows } from '../contest/contest-info';
import { type GalleryOpening, galleryOpening } from './gallery-opening';

/** The defaults of the settings the console edits (their keys are in common/settings-keys.ts). */
export const DEFAULT_RULE: VotingRule = 'perEntry';
export const DEFAULT_VOTER_MODE: VoterMode = 'anonymous';
/** From this many counted votes from one address within an hour, the proof of work gets far harder (0 = never). */
export const DEFAULT_STEP_UP_PER_HOUR = 30;
/** The same for a subnet (/24, /48): a school or a carrier's shared addresses, or a farm's neighbouring ones. */
export const DEFAULT_SUBNET_PER_HOUR = 120;
/**
 * The base proof-of-work difficulty (ALTCHA maxnumber: a browser tries half of it on average): 2,000 takes a
 * phone-class browser a fraction of a second with altcha-lib's solver (bench/vote-attack.ts measures it). It
 * is a speed bump; the step-up is what makes a script pay.
 */
export const DEFAULT_POW_BASE = 2000;
/** The first vote past a threshold: 40 million hashes on average, about 45 CPU seconds of a native solver. */
export const DEFAULT_POW_STEP_UP = 80_000_000;

/** Vote requests per minute from one address (a flood guard; the step-up handles shared addresses). 0 = off. */
export const DEFAULT_RATE_PER_MINUTE = 1200;

export type VotingSettings = {
  rule: VotingRule;
  /** Votes per day in all under `perDayTotal`. */
  perDayTotal: number;
  voterMode: VoterMode;
  stepUpPerHour: number;
  subnetPerHour: number;
  powBase: number;
  powStepUp: number;
  ratePerMinute: number;
  stripPlusTags: boolean;
  open: boolean;
  /** Voting had a window and it has ended: counts show in full, the transparency page may be published. */
  closed: boolean;
  countDisplay: CountDisplay;
  countDelayMinutes: number;
  transparencyPublished: boolean;
  /** Whether approved entries are public yet (`gallery-opening.ts`). */
  gallery: GalleryOpening;
};

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/**
 * Every vote needs these settings (rate limit, rule, difficulty), so they are kept for a second per database:
 * an organiser's change applies within a second on every instance, and a vote costs no extra reads.
 */
const CACHE_MS = 1000;
const cache = new WeakMap<Db, { at: number; value: Promise<Record<string, unknown>> }>();

function readVotingKeys(db: Db): Promise<Record<string, unknown>> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = readKeys(db, [
    PHASES_SETTING,
    VOTING_RULE_SETTING,
    STEP_UP_SETTING,
    SUBNET_SETTING,
    POW_BASE_SETTING,
    POW_STEP_UP_SETTING,
    RATE_SETTING,
    VOTER_MODE_SETTING,
    PER_DAY_TOTAL_SETTING,
    STRIP_PLUS_TAGS_SETTING,
    GALLERY_BEFORE_VOTING_SETTING,
    COUNT_DISPLAY_SETTING,
    COUNT_DELAY_SETTING,
    TRANSPARENCY_SETTING,
  ]);
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

/** Drops the cached settings (after writing one, e.g. from the console or a test). */
export function forgetVotingSettings(db: Db): void {
  cache.delete(db);
}

export async function votingSettings(db: Db, now = new Date()): Promise<VotingSettings> {
  const s = await readVotingKeys(db);
  const rule = VOTING_RULES.includes(s[VOTING_RULE_SETTING] as VotingRule) ? (s[VOTING_RULE_SETTING] as VotingRule) : DEFAULT_RULE;
  const mode = s[VOTER_MODE_SETTING] as VoterMode;
  const windows = phaseWindows(s);
  const voting = windows.find((w) => w.phase === 'voting');
  const display = s[COUNT_DISPLAY_SETTING] as CountDisplay;
  const delay = count(s[COUNT_DELAY_SETTING], COUNT_DELAY_RANGE.default);
  return {
    rule,
    perDayTotal: Math.min(PER_DAY_TOTAL_RANGE.max, Math.max(PER_DAY_TOTAL_RANGE.min, count(s[PER_DAY_TOTAL_SETTING], PER_DAY_TOTAL_RANGE.default))),
    voterMode: VOTER_MODES.includes(mode) ? mode : DEFAULT_VOTER_MODE,
    stepUpPerHour: count(s[STEP_UP_SETTING], DEFAULT_STEP_UP_PER_HOUR),
    subnetPerHour: count(s[SUBNET_SETTING], DEFAULT_SUBNET_PER_HOUR),
    powBase: Math.max(POW_BASE_RANGE.min, count(s[POW_BASE_SETTING], DEFAULT_POW_BASE)),
    powStepUp: Math.max(POW_STEP_UP_RANGE.min, count(s[POW_STEP_UP_SETTING], DEFAULT_POW_STEP_UP)),
    ratePerMinute: count(s[RATE_SETTING], DEFAULT_RATE_PER_MINUTE),
    stripPlusTags: s[STRIP_PLUS_TAGS_SETTING] === true,
    open: isPhaseOpen(windows, 'voting', now),
    closed: Boolean(voting && voting.end <= now.toISOString()),
    countDisplay: COUNT_DISPLAYS.includes(display) ? display : 'live',
    countDelayMinutes: Math.min(COUNT_DELAY_RANGE.max, Math.max(COUNT_DELAY_RANGE.min, delay)),
    transparencyPublished: s[TRANSPARENCY_SETTING] === true,
    gallery: galleryOpening(s, windows, now),
  };
}

/** Refuses (4101) while approved entries are not public yet: the entry's captions and share poster wait too. */
export async function assertGalleryOpen(db: Db, now = new Date()): Promise<void> {
  if (!(await votingSettings(db, now)).gallery.open) throw new AppError(Code.GalleryNotOpen);
}

/**
 * The unique slot a vote takes under a rule: a second vote under the same rule collides with it. Days are
 * the contest's calendar days (CONTEST_TIMEZONE).
 */
export function voteSlot(rule: VotingRule, entryId: number, voterKey: string, now: Date, timeZone: string): string {
  switch (rule) {
    case 'perContest':
      return `c:${voterKey}`;
    // N a day in all is still one a day per entry: the same slot, and a second key (dayBudget) for the N.
    case 'perEntryPerDay':
    case 'perDayTotal':
      return `d:${entryId}:${voterKey}:${contestDay(timeZone, now)}`;
    case 'perEntry':
      return `e:${entryId}:${voterKey}`;
    default:
      return assertNever(rule, 'voting rule');
  }
}

/**
 * The day's budget of a `perDayTotal` voter: N keys `t:<voter>:<day>#0` .. `#N-1`, unique like the slot, and
 * a vote takes the first free one in the batch writer's transaction. Parallel votes then cannot overspend it:
 * the database refuses a key twice. Undefined under the other rules.
 */
export function dayBudget(settings: Pick<VotingSettings, 'rule' | 'perDayTotal'>, voterKey: string, now: Date, timeZone: string) {
  return settings.rule === 'perDayTotal' ? { prefix: `t:${voterKey}:${contestDay(timeZone, now)}#`, size: settings.perDayTotal } : undefined;
}
