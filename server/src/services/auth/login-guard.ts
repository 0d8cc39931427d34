import { type Db, nowIso } from '../../db/database';
import { clearLoginFailures, findLoginFailures, recordLoginFailure } from '../../db/repos/accounts';
import { AppError } from '../../errors';
import { authLimits } from './limits';

/**
 * The per-account brute-force limit: wrong passwords for one account inside the window are counted in the
 * database (shared by every server instance), whatever address they come from. Past the limit every login
 * of that account is refused with 1101 until the window ends or the password is reset.
 */
export async function assertLoginAllowed(db: Db, userId: number, now = new Date()): Promise<void> {
  const { max, windowMs } = authLimits.loginAccount();
  const row = await findLoginFailures(db, userId);
  if (!row) return;
  const windowEnds = new Date(row.window_started_at).getTime() + windowMs;
  if (row.failures >= max && now.getTime() < windowEnds) {
    throw new AppError(1101, { headers: { 'retry-after': String(Math.ceil((windowEnds - now.getTime()) / 1000)) } });
  }
}

export async function countLoginFailure(db: Db, userId: number, now = new Date()): Promise<void> {
  const { windowMs } = authLimits.loginAccount();
  await recordLoginFailure(db, userId, nowIso(now), nowIso(new Date(now.getTime() - windowMs)));
}

export function forgiveLoginFailures(db: Db, userId: number) {
  return clearLoginFailures(db, userId);
}
