import type { Generated } from 'kysely';

/**
 * One-use e-mail tokens (verification and password reset). Only the SHA-256 digest is stored; a token is
 * spent by setting used_at, and expires at expires_at.
 */
export type AccountTokensTable = {
  id: Generated<number>;
  user_id: number;
  purpose: string; // 'verify' | 'reset'
  token_digest: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** Failed logins per account inside the current window (the per-account brute-force limit). */
export type LoginFailuresTable = {
  user_id: number;
  failures: number;
  window_started_at: string;
};

/** Table types of the accounts area; add them here and to its migration. */
export type AccountsTables = {
  account_tokens: AccountTokensTable;
  login_failures: LoginFailuresTable;
};
