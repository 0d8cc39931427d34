import type { Generated } from 'kysely';

/**
 * Tables of the gallery area.
 * - votes.slot is the voting rule made concrete ("e:<entry>:<voter>", "c:<voter>" or
 *   "d:<entry>:<voter>:<day>", the last also under "N a day in all"); its UNIQUE index is what refuses a second vote, not a read-then-write.
 * - vote_day_budget: under "N a day in all", the voter's N keys of a day ("t:<voter>:<day>#k"), one per counted vote.
 * - vote_audit keeps every vote and every refusal (outcome: counted | duplicate | blocked | closed |
 *   notFound | challengeMissing | challengeWrong | challengeExpired | challengeUsed | stepUp | codeMissing |
 *   codeWrong | codeExpired | codeUsed | loginRequired | networkBudget | dayLimit | voided), with the
 *   voter's subnet (/24 IPv4, /48 IPv6; null on rows older than migration 0010).
 * - spent_challenges: the signature of every proof-of-work challenge used, until it expires (one use), and the
 *   nonce of every WeChat sign-in state used (`wechat-state:<nonce>`), likewise.
 */
export type VotesTable = {
  id: Generated<number>;
  entry_id: number;
  voter_key: string;
  ip: string;
  slot: string;
  /** 0-100 from `services/gallery/vote-risk.ts` when the vote was cast; `signals` the JSON it was scored from. */
  risk: Generated<number>;
  signals: string | null;
  created_at: string;
};

export type VoteAuditTable = {
  id: Generated<number>;
  entry_id: number;
  voter_key: string;
  ip: string;
  outcome: string;
  subnet: string | null;
  /** What the organiser sees beside the voter key: an e-mail voter's masked address, a phone voter's masked number; null otherwise. */
  voter_label: Generated<string | null>;
  created_at: string;
};

/** How a voting code reaches its voter. */
export type VoterCodeChannel = 'email' | 'sms';

/** A voting code sent by mail or text: keyed hashes only (of the canonical identity and of the code). */
export type VoterCodesTable = {
  id: Generated<number>;
  channel: Generated<VoterCodeChannel>;
  identity_hash: string;
  /** The network that asked for it (/24, /48); null on codes from before it was kept. */
  subnet: string | null;
  code_hash: string;
  tries: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
};

export type SpentChallengesTable = {
  signature: string;
  expires_at: string;
};

export type ContactMessagesTable = {
  id: Generated<number>;
  name: string;
  email: string;
  content: string;
  locale: string;
  ip: string;
  created_at: string;
};

export type ScamTipsTable = {
  id: Generated<number>;
  sort: number;
  i18n: string; // { [locale]: { title, body } }
  created_at: string;
};

export type ScamReportsTable = {
  id: Generated<number>;
  what: string;
  happened_on: string; // YYYY-MM-DD
  contact: string | null;
  locale: string;
  ip: string;
  created_at: string;
};

/** One committed batch of votes, chained to the one before by SHA-256 (`db/repos/gallery/vote-chain*.ts`). */
export type VoteChainTable = { batch: number; prev_hash: string; hash: string; votes: number; created_at: string };
/** A vote's row hash and the batch it was committed in. */
export type VoteChainRowsTable = { vote_id: number; batch: number; row_hash: string };
/** The counts visitors see while counts are shown delayed; retaken when older than the organiser's interval. */
export type VoteCountSnapshotsTable = { entry_id: number; vote_count: number; taken_at: string };

/** One of a voter's N keys for a day under "N votes a day in all", and the vote that took it. */
export type VoteDayBudgetTable = { slot: string; vote_id: number };

export type GalleryTables = {
  vote_day_budget: VoteDayBudgetTable;
  vote_chain: VoteChainTable;
  vote_chain_rows: VoteChainRowsTable;
  vote_count_snapshots: VoteCountSnapshotsTable;
  votes: VotesTable;
  vote_audit: VoteAuditTable;
  spent_challenges: SpentChallengesTable;
  voter_codes: VoterCodesTable;
  contact_messages: ContactMessagesTable;
  scam_tips: ScamTipsTable;
  scam_reports: ScamReportsTable;
};
