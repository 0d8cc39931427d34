import type { Generated } from 'kysely';

/**
 * Review history of an entry: every organiser decision (approve, reject, award, ...) with who and when,
 * shown on the console's entry detail.
 */
export type EntryReviewsTable = {
  id: Generated<number>;
  entry_id: number;
  admin_id: number | null;
  action: string; // 'approve' | 'reject' | 'changes' | 'award' | 'unaward'
  note: string | null;
  created_at: string;
};

/**
 * A vote an organiser voided. The vote row stays (its slot keeps the voter from voting again); the entry's
 * count drops and the audit log gets a 'voided' line in the same transaction. One void per vote.
 */
export type VoteVoidsTable = {
  id: Generated<number>;
  vote_id: number;
  entry_id: number;
  admin_id: number | null;
  reason: string;
  /** The void-by-rule action that voided it (`vote_review_actions`); null for a single void. */
  action_id: Generated<number | null>;
  created_at: string;
};

/** An organiser's void or restore of votes by rule: who, when, the rule (JSON), the reason, how many. */
export type VoteReviewActionsTable = {
  id: Generated<number>;
  admin_id: number | null;
  kind: string; // 'void' | 'restore'
  entry_id: number;
  rule: string;
  reason: string;
  count: number;
  created_at: string;
};

/** Contact messages and scam reports an organiser has dealt with (and the reply sent, if any). */
export type InboxHandledTable = {
  id: Generated<number>;
  kind: string; // 'contact' | 'scamReport'
  item_id: number;
  admin_id: number | null;
  reply: string | null;
  created_at: string;
};

/** One image of the console's media library (the public copy's address and its size after re-encoding). */
export type MediaLibraryTable = {
  id: Generated<number>;
  url: string;
  name: string;
  width: number;
  height: number;
  bytes: number;
  format: string;
  created_at: string;
};

/** The organiser's texts of one mail kind (migration 0035): `i18n` is JSON { [locale]: { subject, body } }. */
export type MailTemplatesTable = {
  kind: string;
  i18n: string;
  updated_at: string;
};

/** Table types of the console area; add them here and to its migration. */
export type ConsoleTables = {
  entry_reviews: EntryReviewsTable;
  vote_voids: VoteVoidsTable;
  vote_review_actions: VoteReviewActionsTable;
  inbox_handled: InboxHandledTable;
  media_library: MediaLibraryTable;
  mail_templates: MailTemplatesTable;
};
