/** A counted vote with at least this risk score (0-100) is "suspicious" on the console's votes page. */
export const SUSPICIOUS_RISK = 50;

/** What the risk score of a vote was computed from (stored with the vote as JSON). */
export type VoteSignals = {
  /** Counted votes from the same address in the hour before this one. */
  addressHour: number;
  /** Counted votes from the same /24 (IPv4) or /48 (IPv6) subnet in the hour before this one. */
  subnetHour: number;
  /** Milliseconds from the challenge's issue to its use (server clock); null without a challenge (e-mail, account). */
  solveMs: number | null;
  uaFamily: UaFamily;
  /** Whether this visitor opened the entry's page (its detail API) shortly before voting. */
  viewedFirst: boolean;
  /** Counted votes on the same entry, from anyone, in the minute before this one. */
  entryMinute: number;
};

export type UaFamily = 'chrome' | 'firefox' | 'safari' | 'edge' | 'wechat' | 'other' | 'headless' | 'script' | 'none';

/** A void or restore by rule: one entry, a time window, optionally an address or subnet and a minimum risk. */
export type VoteRule = { entryId: number; from: string; to: string; cidr?: string; minRisk?: number };
