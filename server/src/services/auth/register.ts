import { isValid as notThrowaway } from 'mailchecker';
import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { deleteUser, findUserByEmail, insertUser } from '../../db/repos/accounts';
import { AppError } from '../../errors';
import { redeemSolution } from '../gallery/challenge';
import { buildMail } from '../mail/send-mail';
import { verifyLink } from './account-links';
import { issueAccountToken } from './account-tokens';
import { hashPassword } from './passwords';
import { type MailErrorLog, sendAccountMail } from './send-account-mail';

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Registers an unverified account in the request's locale and mails its verification link. The account and
 * its token are written together; if the mail cannot be sent the account is removed again (2012), so the
 * person can simply register once more. It first spends a solved `register` challenge (2013 missing, 3001
 * forged or of another purpose, 3003 expired, 3004 used before), so a script pays work per account.
 */
export async function registerAccount(ctx: AppContext, input: { email: string; password: string; altcha: string }, locale: Locale, logError: MailErrorLog) {
  await redeemSolution(ctx, input.altcha, 'register');
  // Throwaway domains (mailchecker's maintained list, as for e-mail voting): an account is a vote in account mode.
  if (!notThrowaway(input.email)) throw new AppError(Code.RegisterEmailDisposable, { fields: { email: Code.RegisterEmailDisposable } });
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError(Code.EmailRegistered);
  const passwordHash = await hashPassword(input.password);
  const minutes = ctx.config.auth.verifyLinkMinutes;
  let created: { userId: number; token: string };
  try {
    created = await ctx.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, { email: input.email, password_hash: passwordHash, locale, created_at: nowIso() });
      const { token } = await issueAccountToken(trx, user.id, 'verify', minutes);
      return { userId: user.id, token };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.EmailRegistered);
    throw new AppError(Code.RegistrationFailed, { cause: err });
  }
  try {
    await sendAccountMail(
      ctx,
      await buildMail(ctx, 'accountVerify', input.email, locale, { link: verifyLink(ctx.config, created.token, locale), hours: Math.round(minutes / 60) }),
      logError,
    );
  } catch (err) {
    await deleteUser(ctx.db, created.userId);
    throw err;
  }
  return { email: input.email };
}
