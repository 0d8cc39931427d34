import type { Db } from '../database';

/** SQL of the accounts area: users by e-mail, one-use e-mail tokens, login-attempt counters. */
export type TokenPurpose = 'verify' | 'reset' | 'invite';

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(db: Db, row: { email: string; password_hash: string; locale: string; created_at: string }) {
  return db
    .insertInto('users')
    .values({ ...row, role: 'user', verified_at: null, disabled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function deleteUser(db: Db, id: number) {
  return db.deleteFrom('users').where('id', '=', id).execute();
}

export function setPasswordHash(db: Db, userId: number, hash: string) {
  return db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

/** Marks the account verified; keeps the first verification time. */
export function markVerified(db: Db, userId: number, at: string) {
  return db.updateTable('users').set({ verified_at: at }).where('id', '=', userId).where('verified_at', 'is', null).execute();
}

export function insertAccountToken(db: Db, row: { user_id: number; purpose: TokenPurpose; token_digest: string; created_at: string; expires_at: string }) {
  return db.insertInto('account_tokens').values(row).returning('id').executeTakeFirstOrThrow();
}

export function deleteAccountToken(db: Db, id: number) {
  return db.deleteFrom('account_tokens').where('id', '=', id).execute();
}

/** A newer link replaces older unused ones of the same purpose. */
export function retireUnusedTokens(db: Db, userId: number, purpose: TokenPurpose, at: string) {
  return db
    .updateTable('account_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export function findAccountToken(db: Db, digest: string, purpose: TokenPurpose) {
  return db.selectFrom('account_tokens').selectAll().where('token_digest', '=', digest).where('purpose', '=', purpose).executeTakeFirst();
}

/** Spends a token; true only for the one caller that spent it (a concurrent second use gets false). */
export async function spendAccountToken(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable('account_tokens').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Counts one login attempt for an account and returns the count in the current window; a window that has
 * ended starts again at 1. One statement (an upsert that RETURNs the new row), so parallel attempts each get
 * their own count and none can pass a check that another has not yet recorded.
 */
export function countLoginAttempt(db: Db, userId: number, at: string, windowStartedBefore: string) {
  return db
    .insertInto('login_failures')
    .values({ user_id: userId, failures: 1, window_started_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_failures.window_started_at', '<', windowStartedBefore)
          .then(1)
          .else(eb('login_failures.failures', '+', 1))
          .end(),
        window_started_at: eb
          .case()
          .when('login_failures.window_started_at', '<', windowStartedBefore)
          .then(at)
          .else(eb.ref('login_failures.window_started_at'))
          .end(),
      })),
    )
    .returning(['failures', 'window_started_at'])
    .executeTakeFirstOrThrow();
}

export function clearLoginFailures(db: Db, userId: number) {
  return db.deleteFrom('login_failures').where('user_id', '=', userId).execute();
}

/** Ends every sign-in of an account except the one in use (after a password change). */
export function revokeOtherSessions(db: Db, userId: number, keepSessionId: number, at: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
