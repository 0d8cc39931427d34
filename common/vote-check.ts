import type { EntryGroup } from './constants';

/**
 * Shapes of the votes anyone can check: a receipt's answer, the transparency page, the chain's head, and the
 * console's fraud index. A void rule is shown to the public without its address range (whether it had one).
 */
export type PublicVoidRule = { from: string; to: string; minRisk: number | null; byAddress: boolean };

export type VoidNote = { reason: string; at: string; rule: PublicVoidRule | null };

export type ReceiptCheck = {
  entryId: number;
  entryNo: number | null;
  /** As the asked locale shows it (the English title on English pages when there is one), with its `lang`. */
  title: string;
  titleLang: string;
  castAt: string;
  status: 'counted' | 'voided';
  void: VoidNote | null;
};

export type ChainHead = { batch: number; hash: string; at: string } | null;

/** Voids of one entry grouped by the action (or single void) behind them. */
export type TransparencyVoid = VoidNote & { count: number };

export type TransparencyEntry = {
  id: number;
  entryNo: number | null;
  group: EntryGroup;
  title: string;
  cast: number;
  voided: number;
  counted: number;
  voids: TransparencyVoid[];
};

export type TransparencyReport =
  | { published: false; votingClosed: boolean }
  | { published: true; votingClosed: true; entries: TransparencyEntry[]; chain: ChainHead; totals: { cast: number; voided: number; counted: number } };

/** Receipt form input: 26 characters of Crockford base32, in any grouping. */
export const RECEIPT_INPUT_MAX = 40;

/** What a person typed, as the bare code: hyphens and spaces dropped, Crockford's look-alikes read as digits. */
export function normaliseReceipt(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

/** Whether a typed receipt has the shape of one (26 base32 characters); the page checks before asking. */
export const receiptShaped = (input: string) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(normaliseReceipt(input));

/** An entry's fraud index on the console: the share of risky votes, its bursts and the signals behind them. */
export type FraudIndex = {
  entryId: number;
  entryNo: number | null;
  title: string;
  votes: number;
  risky: number;
  /** risky / votes, 0-1 (0 without votes). */
  riskyShare: number;
  /** Minutes in which the entry got at least BURST_VOTES votes. */
  bursts: number;
  peakMinute: number;
  /** How often each risk signal fired among the entry's votes, most frequent first. */
  reasons: { reason: FraudReason; votes: number }[];
};

export type FraudReason = 'addressBusy' | 'subnetBusy' | 'quickSolve' | 'scriptAgent' | 'headless' | 'notViewed' | 'entryBurst';

/** A minute with this many votes on one entry counts as a burst. */
export const BURST_VOTES = 10;
