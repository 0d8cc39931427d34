import { isLocale, type Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { findUserById, markVerified } from '../../db/repos/accounts';
import { activationResultUrl } from './account-links';
import { spendToken } from './account-tokens';

/**
 * Opens a verification link: spends the token and marks the account verified, in one transaction.
 * Returns where the browser goes: /activateLogin on success, /activateFaild for a used, expired or
 * unknown link (under the person's locale, else the link's).
 */
export async function verifyEmail(ctx: AppContext, token: string, linkLocale: string | undefined): Promise<{ ok: boolean; location: string }> {
  const fallback: Locale | undefined = isLocale(linkLocale) ? linkLocale : undefined;
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { ok: false, location: activationResultUrl(ctx.config, false, fallback) };
  const user = await ctx.db.transaction().execute(async (trx) => {
    const row = await spendToken(trx, token, 'verify');
    if (!row) return undefined;
    await markVerified(trx, row.user_id, nowIso());
    return findUserById(trx, row.user_id);
  });
  if (!user) return { ok: false, location: activationResultUrl(ctx.config, false, fallback) };
  const locale = isLocale(user.locale) ? user.locale : fallback;
  return { ok: true, location: activationResultUrl(ctx.config, true, locale) };
}
