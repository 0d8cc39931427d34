import { Code } from '../../../../common/errors';
import type { Limit } from '../../config';
import { type Db, nowIso } from '../../db/database';
import { clearLoginFailures, countLoginAttempt } from '../../db/repos/accounts';
import { AppError } from '../../errors';

/**
 * The per-account brute-force limit: login attempts for one account inside the window are counted in the
 * database (shared by every server instance), whatever address they come from. The attempt is counted
 * before its password is checked, in one statement: checking first and recording after the (slow) hash let
 * parallel guesses all pass the check. Past the limit every login of that account is refused with 1101,
 * without a password check, until the window ends or the password is reset; a right password clears it.
 */
export async function admitLoginAttempt(db: Db, userId: number, { max, windowMs }: Limit, now = new Date()): Promise<void> {
  const row = await countLoginAttempt(db, userId, nowIso(now), nowIso(new Date(now.getTime() - windowMs)));
  if (row.failures <= max) return;
  const windowEnds = new Date(row.window_started_at).getTime() + windowMs;
  const seconds = Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000));
  throw new AppError(Code.LoginLocked, { headers: { 'retry-after': String(seconds) } });
}

export function forgiveLoginFailures(db: Db, userId: number) {
  return clearLoginFailures(db, userId);
}
