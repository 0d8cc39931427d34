import { isValid as notThrowaway } from 'mailchecker';
import { canonicalEmail } from '../../../../common/email';
import { Code } from '../../../../common/errors';
import { VOTE_CODE_TTL_MINUTES } from '../../../../common/gallery';
import type { Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { buildMail } from '../mail/send-mail';
import { redeemSolution } from './challenge';
import { subnetOf } from './subnet';
import { type CodeIdentity, redeemVoterCode, sendVoterCode } from './voter-codes';
import { votingSettings } from './voting-settings';

/**
 * E-mail voting: a voter proves an address by a 6-digit code mailed to it (voter-codes.ts); the vote is then
 * keyed on the address, so one address is one voter under the voting rule. Addresses are kept only as keyed
 * hashes (the voter key, the codes table) and, for the organiser, masked (`l***@example.test`). Throwaway
 * domains (mailchecker's maintained list) are refused with 2021.
 */
const CODES_PER_HOUR = 5;

const normal = (email: string) => email.trim().toLowerCase();
/** The voter's identity: the canonical address (one mailbox, one voter). */
const mailbox = (email: string, stripPlusTags: boolean): CodeIdentity => ({ channel: 'email', canonical: canonicalEmail(email, { stripPlusTags }) });

/** What the audit shows of an address: its first character and its domain. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = normal(email).split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Mails a fresh code (the solved challenge first: a mail costs the asker some work; five an hour per address). */
export async function sendVoteCode(ctx: AppContext, input: { email: string; altcha: string }, locale: Locale, ip: string, now = new Date()): Promise<void> {
  // Outside e-mail mode nobody needs a code, and a mail would only be a way to flood someone's inbox.
  const settings = await votingSettings(ctx.db, now);
  if (settings.voterMode !== 'email') throw new AppError(Code.VoteCodeNotUsed);
  await redeemSolution(ctx, input.altcha, 'voteCode', now);
  if (!notThrowaway(normal(input.email))) throw new AppError(Code.VoterEmailDisposable, { fields: { email: Code.VoterEmailDisposable } });
  // Keyed on the canonical mailbox, so +tags and dots do not buy more mails to one inbox.
  const identity = mailbox(input.email, settings.stripPlusTags);
  const request = { identity, subnet: subnetOf(ip), limits: { perIdentityHour: CODES_PER_HOUR }, failure: Code.SendingFailed };
  await sendVoterCode(
    ctx,
    request,
    async (code) => ctx.mailer.send(await buildMail(ctx, 'voteCode', input.email.trim(), locale, { code, minutes: VOTE_CODE_TTL_MINUTES })),
    now,
  );
}

/**
 * Uses the address's latest code (2025 without an address or code; the rest in voter-codes.ts). Returns the
 * voter key and the masked address the audit shows.
 */
export async function redeemVoteCode(ctx: AppContext, email: string | undefined, code: string | undefined, now = new Date()) {
  if (!email?.trim() || !code?.trim()) throw new AppError(Code.VoteCodeRequired, { fields: { code: Code.VoteCodeRequired } });
  const identity = mailbox(email, (await votingSettings(ctx.db, now)).stripPlusTags);
  const hash = await redeemVoterCode(ctx, identity, code, now);
  return { voterKey: `m:${hash}`, label: maskEmail(email) };
}
