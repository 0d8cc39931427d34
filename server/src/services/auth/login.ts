import { type CurrentUser, roleOf } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { findUserByEmail } from '../../db/repos/accounts';
import { AppError } from '../../errors';
import { admitLoginAttempt, forgiveLoginFailures } from './login-guard';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';

export function toCurrentUser(user: { id: number; email: string; role: string; verified_at: string | null }): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    name: user.email.split('@')[0] ?? user.email,
    role: roleOf(user.role),
    verified: user.verified_at !== null,
  };
}

/**
 * Login by e-mail and password: unknown 1005, locked by too many failures 1101, wrong password 1007, disabled
 * 1011, not yet verified 1006 (told only to the holder of the right password). Anything unexpected is 2008.
 */
export async function login(ctx: AppContext, email: string, password: string): Promise<{ token: string; user: CurrentUser }> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError(Code.AccountNotFound);
  await admitLoginAttempt(ctx.db, user.id, ctx.config.auth.limits.loginAccount);
  if (!(await verifyPassword(user.password_hash, password))) throw new AppError(Code.WrongCredentials);
  // Counted before the check; the right password forgives, as a success always did (also before 1011/1006,
  // so an unverified owner retrying is never locked out).
  await forgiveLoginFailures(ctx.db, user.id);
  if (user.disabled_at) throw new AppError(Code.AccountDisabled);
  if (!user.verified_at) throw new AppError(Code.AccountNotActivated);
  try {
    const token = await createSession(ctx.db, ctx.config, user.id);
    return { token, user: toCurrentUser(user) };
  } catch (err) {
    throw new AppError(Code.LoginFailed, { cause: err });
  }
}
