import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import { deleteAccountToken, findUserByEmail, markVerified, setPasswordHash, type TokenPurpose } from '../../db/repos/accounts';
import { revokeUserSessions } from '../../db/repos/sessions';
import { AppError } from '../../errors';
import { buildMail } from '../mail/send-mail';
import { resetLink } from './account-links';
import { findLiveToken, issueAccountToken, spendToken } from './account-tokens';
import { forgiveLoginFailures } from './login-guard';
import { hashPassword } from './passwords';
import { type MailErrorLog, sendAccountMail } from './send-account-mail';

/** Forgot password: mails a one-use reset link (built from PUBLIC_URL) in the locale the person is using. */
export async function requestPasswordReset(ctx: AppContext, email: string, locale: Locale, logError: MailErrorLog): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError(Code.AccountNotFound);
  const minutes = ctx.config.auth.resetLinkMinutes;
  const { token, id } = await issueAccountToken(ctx.db, user.id, 'reset', minutes);
  try {
    await sendAccountMail(ctx, await buildMail(ctx, 'passwordReset', user.email, locale, { link: resetLink(ctx.config, token, locale), minutes }), logError);
  } catch (err) {
    await deleteAccountToken(ctx.db, id);
    throw err;
  }
}

/** Whether a reset link can still be used (the page checks before asking for a new password). */
export async function assertResetTokenLive(ctx: AppContext, token: string): Promise<void> {
  if (!(await findLiveToken(ctx.db, token, 'reset'))) throw new AppError(Code.InvalidResetLink);
}

/**
 * Sets a new password through a reset link: spends the link, stores the new hash, ends every session of
 * the account and lifts its failed-login lock, all in one transaction. It does not sign the person in.
 * Holding the link proves the mailbox, so an unverified account becomes verified.
 */
/**
 * Spends a one-use link and sets the account's password through it, inside the caller's transaction: the new
 * hash, the address verified (holding the link proves the mailbox), every session ended and the failed-login
 * lock lifted. Returns the account's id, or undefined when the link was not live.
 */
export async function setPasswordThroughLink(trx: Db, token: string, purpose: TokenPurpose, hash: string): Promise<number | undefined> {
  const row = await spendToken(trx, token, purpose);
  if (!row) return undefined;
  const now = nowIso();
  await setPasswordHash(trx, row.user_id, hash);
  await markVerified(trx, row.user_id, now);
  await revokeUserSessions(trx, row.user_id, now);
  await forgiveLoginFailures(trx, row.user_id);
  return row.user_id;
}

/**
 * Sets a new password through a reset link, in one transaction (see setPasswordThroughLink). It does not
 * sign the person in. An unverified account becomes verified.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  const userId = await ctx.db.transaction().execute((trx) => setPasswordThroughLink(trx, token, 'reset', hash));
  if (userId === undefined) throw new AppError(Code.InvalidResetLink);
}
