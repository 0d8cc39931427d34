import { type Role, roleOf } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import type { Config } from '../../config';
import { type Db, nowIso } from '../../db/database';
import { findSessionWithUser, insertSession, revokeSession, revokeUserSessions, touchSession } from '../../db/repos/sessions';
import { AppError } from '../../errors';
import { newToken, tokenDigest } from './tokens';

export type SessionUser = {
  id: number;
  email: string;
  role: Role;
  locale: string;
  verified: boolean;
  sessionId: number;
};

/** Writing last_seen_at on every request would make reads write; once a minute is precise enough. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(db: Db, config: Config, userId: number, now = new Date()): Promise<string> {
  const token = newToken();
  const expires = new Date(now.getTime() + config.sessionAbsoluteDays * 86_400_000);
  await insertSession(db, {
    user_id: userId,
    token_digest: tokenDigest(token),
    created_at: nowIso(now),
    last_seen_at: nowIso(now),
    expires_at: nowIso(expires),
  });
  return token;
}

/**
 * Resolves a bearer token to its user. Unknown, revoked, idle-expired or absolutely expired tokens give
 * 1008 (session expired); a disabled account gives 1011.
 */
export async function resolveSession(db: Db, config: Config, token: string, now = new Date()): Promise<SessionUser> {
  const row = await findSessionWithUser(db, tokenDigest(token));
  if (!row || row.revoked_at) throw new AppError(Code.SessionExpired);
  const idleLimit = new Date(row.last_seen_at).getTime() + config.sessionIdleMinutes * 60_000;
  if (now.getTime() > idleLimit || now.toISOString() > row.expires_at) throw new AppError(Code.SessionExpired);
  if (row.disabled_at) throw new AppError(Code.AccountDisabled, { status: 401 });
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await touchSession(db, row.session_id, nowIso(now));
  }
  return {
    id: row.user_id,
    email: row.email,
    role: roleOf(row.role),
    locale: row.locale,
    verified: row.verified_at !== null,
    sessionId: row.session_id,
  };
}

export async function endSession(db: Db, sessionId: number): Promise<void> {
  await revokeSession(db, sessionId, nowIso());
}

/** Ends every sign-in of an account ("log out everywhere"; a password reset does the same in its transaction). */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await revokeUserSessions(db, userId, nowIso());
}
