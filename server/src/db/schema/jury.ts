import type { Generated } from 'kysely';

/** Jurors: accounts with role 'juror'; accepted_at is set when the invitation link sets a password. */
export type JurorsTable = {
  user_id: number;
  jury_member_id: number | null;
  group_scope: string | null; // null (every approved entry) | 'open' | 'student'
  invited_by: number | null;
  invited_at: string;
  accepted_at: string | null;
};

export type JuryCriteriaTable = {
  id: Generated<number>;
  weight: number;
  sort: number;
  i18n: string; // { [locale]: { name } }
  created_at: string;
};

/** One juror's 1-10 score of one entry on one criterion. */
export type JuryScoresTable = {
  id: Generated<number>;
  juror_id: number;
  entry_id: number;
  criterion_id: number;
  score: number;
  updated_at: string;
};

/** A juror's private comment on an entry and whether they recused themselves from it. */
export type JuryReviewsTable = {
  id: Generated<number>;
  juror_id: number;
  entry_id: number;
  comment: string;
  recused: number; // 0 | 1 (a boolean both dialects store alike)
  updated_at: string;
};

export type JuryAwardsTable = {
  id: Generated<number>;
  sort: number;
  i18n: string; // { [locale]: { name } }
  created_at: string;
};

export type JuryAwardEntriesTable = {
  entry_id: number;
  award_id: number;
  assigned_at: string;
};

/** The results mail of one entry: claimed before it is sent, `sent_at` once sent (migration 0018). */
export type ResultsMailingsTable = {
  entry_id: number;
  claimed_at: string;
  sent_at: string | null;
  /** Sends tried; after the last allowed one fails, `failed_at` and the server's answer are kept (migration 0036). */
  attempts: Generated<number>;
  failed_at: string | null;
  last_error: string | null;
};

/** Table types of the jury area; add them here and to its migration (0011; 0018 for results_mailings). */
export type JuryTables = {
  jurors: JurorsTable;
  jury_criteria: JuryCriteriaTable;
  jury_scores: JuryScoresTable;
  jury_reviews: JuryReviewsTable;
  jury_awards: JuryAwardsTable;
  jury_award_entries: JuryAwardEntriesTable;
  results_mailings: ResultsMailingsTable;
};
