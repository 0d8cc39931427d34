import { Code } from '../../../../common/errors';
import { isLocale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { deleteAccountToken, findUserByEmail } from '../../db/repos/accounts';
import { AppError } from '../../errors';
import { buildMail } from '../mail/send-mail';
import { verifyLink } from './account-links';
import { issueAccountToken } from './account-tokens';
import { type MailErrorLog, sendAccountMail } from './send-account-mail';

/** Mails a fresh verification link (older ones stop working) in the locale the person registered in. */
export async function resendVerification(ctx: AppContext, email: string, logError: MailErrorLog): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError(Code.AccountNotFound);
  if (user.verified_at) throw new AppError(Code.AlreadyActivated);
  const locale = isLocale(user.locale) ? user.locale : 'zh-CN';
  const minutes = ctx.config.auth.verifyLinkMinutes;
  const { token, id } = await issueAccountToken(ctx.db, user.id, 'verify', minutes);
  try {
    await sendAccountMail(
      ctx,
      await buildMail(ctx, 'accountVerify', user.email, locale, { link: verifyLink(ctx.config, token, locale), hours: Math.round(minutes / 60) }),
      logError,
    );
  } catch (err) {
    await deleteAccountToken(ctx.db, id);
    throw err;
  }
}
