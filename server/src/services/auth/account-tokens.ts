import { type Db, nowIso } from '../../db/database';
import { findAccountToken, insertAccountToken, retireUnusedTokens, spendAccountToken, type TokenPurpose } from '../../db/repos/accounts';
import { newToken, tokenDigest } from './tokens';

/**
 * One-use e-mail tokens: random 256 bits, stored as a SHA-256 digest, expiring, and spent on first use.
 * Issuing a new one retires the person's older unused ones of the same purpose.
 */
export async function issueAccountToken(db: Db, userId: number, purpose: TokenPurpose, lifetimeMinutes: number, now = new Date()) {
  const token = newToken();
  await retireUnusedTokens(db, userId, purpose, nowIso(now));
  const row = await insertAccountToken(db, {
    user_id: userId,
    purpose,
    token_digest: tokenDigest(token),
    created_at: nowIso(now),
    expires_at: nowIso(new Date(now.getTime() + lifetimeMinutes * 60_000)),
  });
  return { token, id: row.id };
}

/** The live token row for a presented token, or undefined when unknown, spent or expired. */
export async function findLiveToken(db: Db, token: string, purpose: TokenPurpose, now = new Date()) {
  const row = await findAccountToken(db, tokenDigest(token), purpose);
  if (!row || row.used_at !== null || row.expires_at <= nowIso(now)) return undefined;
  return row;
}

/** Spends a live token; undefined when it was not live or another request spent it first. */
export async function spendToken(db: Db, token: string, purpose: TokenPurpose, now = new Date()) {
  const row = await findLiveToken(db, token, purpose, now);
  if (!row) return undefined;
  return (await spendAccountToken(db, row.id, nowIso(now))) ? row : undefined;
}
