import type { Generated } from 'kysely';

/**
 * Tables of the gallery area.
 * - votes.slot is the voting rule made concrete ("e:<entry>:<voter>", "c:<voter>" or
 *   "d:<entry>:<voter>:<day>"); its UNIQUE index is what refuses a second vote, not a read-then-write.
 * - vote_audit keeps every vote and every refusal (outcome: counted | duplicate | blocked | closed |
 *   stepUp | captcha).
 * - captchas store only an HMAC of the answer; one use (used_at), five-minute life (expires_at).
 */
export type VotesTable = {
  id: Generated<number>;
  entry_id: number;
  voter_key: string;
  ip: string;
  slot: string;
  created_at: string;
};

export type VoteAuditTable = {
  id: Generated<number>;
  entry_id: number;
  voter_key: string;
  ip: string;
  outcome: string;
  created_at: string;
};

export type CaptchasTable = {
  id: string;
  answer_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
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

export type GalleryTables = {
  votes: VotesTable;
  vote_audit: VoteAuditTable;
  captchas: CaptchasTable;
  contact_messages: ContactMessagesTable;
  scam_tips: ScamTipsTable;
  scam_reports: ScamReportsTable;
};
