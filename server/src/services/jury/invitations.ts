import type { CurrentUser } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import type { InviteJurorInput } from '../../../../common/jury/schemas';
import type { Locale } from '../../../../common/locales';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { deleteAccountToken, deleteUser, findUserByEmail, findUserById } from '../../db/repos/accounts';
import { findJuror, findJuryMember, insertJurorAccount, markJurorAccepted, upsertJuror } from '../../db/repos/jury/jurors';
import { AppError } from '../../errors';
import { findLiveToken, issueAccountToken } from '../auth/account-tokens';
import { toCurrentUser } from '../auth/login';
import { setPasswordThroughLink } from '../auth/password-reset';
import { hashPassword } from '../auth/passwords';
import { type MailErrorLog, sendAccountMail } from '../auth/send-account-mail';
import { createSession } from '../auth/sessions';
import { assertGroupExists } from '../entry-form/definitions';
import { buildMail } from '../mail/send-mail';

/** A juror has a week to open the invitation; the organiser can send a new one (the old link stops working). */
export const INVITATION_DAYS = 7;

/** The console's own page sets the password, so the link needs no public route: /admin/#/invite. */
export function invitationLink(config: Config, token: string, locale: Locale): string {
  return `${config.publicUrl}/admin/?lang=${locale}#/invite?token=${encodeURIComponent(token)}`;
}

/**
 * Invites a juror: a juror account (new, or the same juror invited again) and a single-use link to set a
 * password, mailed through the real mailer. A refused mail (2012) leaves nothing behind: a new account and
 * its link are removed again.
 */
export async function inviteJuror(ctx: AppContext, adminId: number, input: InviteJurorInput, logError: MailErrorLog): Promise<{ userId: number }> {
  if (input.juryMemberId !== null && !(await findJuryMember(ctx.db, input.juryMemberId))) throw new AppError(Code.JuryMemberNotFound);
  await assertGroupExists(ctx.db, input.group);
  const now = nowIso();
  const { userId, created, active } = await ctx.db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, input.email);
    if (existing && existing.role !== 'juror') throw new AppError(Code.JurorEmailTaken);
    const accepted = existing ? Boolean((await findJuror(trx, existing.id))?.accepted_at) : false;
    const id = existing?.id ?? (await insertJurorAccount(trx, { email: input.email, locale: input.locale, created_at: now })).id;
    await upsertJuror(trx, { user_id: id, jury_member_id: input.juryMemberId, group_scope: input.group, invited_by: adminId, invited_at: now });
    return { userId: id, created: !existing, active: accepted };
  });
  // A juror who already set a password keeps it and their sessions: a password link in their inbox would let
  // whoever reads that inbox (or the organiser by mistake) replace it. They get the sign-in address instead.
  if (active) {
    await sendAccountMail(
      ctx,
      await buildMail(ctx, 'jurorReminder', input.email, input.locale, { link: `${ctx.config.publicUrl}/admin/?lang=${input.locale}` }),
      logError,
    );
    return { userId };
  }
  const { token, id: tokenId } = await issueAccountToken(ctx.db, userId, 'invite', INVITATION_DAYS * 24 * 60);
  try {
    await sendAccountMail(
      ctx,
      await buildMail(ctx, 'jurorInvitation', input.email, input.locale, { link: invitationLink(ctx.config, token, input.locale), days: INVITATION_DAYS }),
      logError,
    );
  } catch (err) {
    await deleteAccountToken(ctx.db, tokenId);
    if (created) await deleteUser(ctx.db, userId);
    throw err;
  }
  return { userId };
}

/** The address an invitation is for, while its link is live (the page shows it above the password form). */
export async function checkInvitation(ctx: AppContext, token: string): Promise<{ email: string }> {
  const row = await findLiveToken(ctx.db, token, 'invite');
  const user = row && (await findUserById(ctx.db, row.user_id));
  if (!user) throw new AppError(Code.JuryInvitationInvalid);
  return { email: user.email };
}

/**
 * Sets the juror's password through the link: spends it, verifies the address and signs the juror in (a new
 * session, as a login answers), all in one transaction, so the console opens their judging page at once.
 * A juror the organiser has disabled meanwhile gets the password but no session (`token` null).
 */
export async function acceptInvitation(ctx: AppContext, token: string, password: string): Promise<{ email: string; token: string | null; user: CurrentUser }> {
  const hash = await hashPassword(password);
  const accepted = await ctx.db.transaction().execute(async (trx) => {
    const userId = await setPasswordThroughLink(trx, token, 'invite', hash);
    if (userId === undefined) return null;
    await markJurorAccepted(trx, userId, nowIso());
    const user = await findUserById(trx, userId);
    if (!user) return null;
    // After setPasswordThroughLink, which ends every earlier session of the account.
    const session = user.disabled_at ? null : await createSession(trx, ctx.config, userId);
    return { email: user.email, token: session, user: toCurrentUser(user) };
  });
  if (!accepted) throw new AppError(Code.JuryInvitationInvalid);
  return accepted;
}
