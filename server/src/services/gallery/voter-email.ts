import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { isValid as notThrowaway } from 'mailchecker';
import { canonicalEmail } from '../../../../common/email';
import { Code } from '../../../../common/errors';
import { VOTE_CODE_MAX_TRIES, VOTE_CODE_TTL_MINUTES } from '../../../../common/gallery';
import type { Locale } from '../../../../common/locales';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { countVoterCodesUpTo, deleteVoterCode, insertVoterCode, latestVoterCode, spendVoterCode, takeVoterCodeTry } from '../../db/repos/gallery/voter-codes';
import { AppError } from '../../errors';
import { buildMail } from '../mail/send-mail';
import { redeemSolution } from './challenge';
import { votingSettings } from './voting-settings';

/**
 * E-mail voting: a voter proves an address by a 6-digit code mailed to it; the vote is then keyed on the
 * address, so one address is one voter under the voting rule. Addresses are kept only as keyed hashes (the
 * voter key, the codes table) and, for the organiser, masked (`l***@example.test`). Throwaway domains
 * (mailchecker's maintained list) are refused with 2021.
 */
const CODES_PER_HOUR = 5;

function hmac(secret: string, label: string, value: string): string {
  return createHmac('sha256', secret).update(`${label}:${value}`).digest('hex');
}

const normal = (email: string) => email.trim().toLowerCase();
/** The voter's key: the canonical address (one mailbox, one voter), hashed. */
export const emailHash = (secret: string, email: string, stripPlusTags: boolean) => hmac(secret, 'voter-email', canonicalEmail(email, { stripPlusTags }));
const codeHash = (secret: string, hash: string, code: string) => hmac(secret, 'voter-code', `${hash}:${code}`);

/** What the audit shows of an address: its first character and its domain. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = normal(email).split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Mails a fresh code (the solved challenge first: a mail costs the asker some work; five an hour per address). */
export async function sendVoteCode(ctx: AppContext, input: { email: string; altcha: string }, locale: Locale, now = new Date()): Promise<void> {
  // Outside e-mail mode nobody needs a code, and a mail would only be a way to flood someone's inbox.
  const settings = await votingSettings(ctx.db, now);
  if (settings.voterMode !== 'email') throw new AppError(Code.VoteCodeNotUsed);
  await redeemSolution(ctx, input.altcha, 'voteCode', now);
  if (!notThrowaway(normal(input.email))) throw new AppError(Code.VoterEmailDisposable, { fields: { email: Code.VoterEmailDisposable } });
  // Keyed on the canonical mailbox, so +tags and dots do not buy more mails to one inbox.
  const hash = emailHash(ctx.config.cookieSecret, input.email, settings.stripPlusTags);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await insertVoterCode(ctx.db, {
    emailHash: hash,
    codeHash: codeHash(ctx.config.cookieSecret, hash, code),
    expiresAt: nowIso(new Date(now.getTime() + VOTE_CODE_TTL_MINUTES * 60_000)),
    at: nowIso(now),
  });
  if ((await countVoterCodesUpTo(ctx.db, hash, nowIso(new Date(now.getTime() - 3_600_000)), id)) > CODES_PER_HOUR) {
    await deleteVoterCode(ctx.db, id);
    throw new AppError(Code.TooManyRequests);
  }
  try {
    await ctx.mailer.send(await buildMail(ctx, 'voteCode', input.email.trim(), locale, { code, minutes: VOTE_CODE_TTL_MINUTES }));
  } catch (cause) {
    await deleteVoterCode(ctx.db, id);
    throw new AppError(Code.SendingFailed, { cause });
  }
}

/**
 * Uses the address's latest code: 2025 when missing, 2022 when wrong (five tries), 2023 when expired, 2024
 * when used before. Returns the voter key and the masked address the audit shows.
 */
export async function redeemVoteCode(ctx: AppContext, email: string | undefined, code: string | undefined, now = new Date()) {
  if (!email?.trim() || !code?.trim()) throw new AppError(Code.VoteCodeRequired, { fields: { code: Code.VoteCodeRequired } });
  const hash = emailHash(ctx.config.cookieSecret, email, (await votingSettings(ctx.db, now)).stripPlusTags);
  const row = await latestVoterCode(ctx.db, hash);
  const refuse = (c: typeof Code.VoteCodeWrong | typeof Code.VoteCodeExpired | typeof Code.VoteCodeUsed) => new AppError(c, { fields: { code: c } });
  if (!row) throw refuse(Code.VoteCodeWrong);
  if (row.used_at) throw refuse(Code.VoteCodeUsed);
  if (row.expires_at <= nowIso(now)) throw refuse(Code.VoteCodeExpired);
  // Every guess takes a try first (one atomic increment): five guesses per code, even all at once.
  if (!(await takeVoterCodeTry(ctx.db, row.id, VOTE_CODE_MAX_TRIES))) throw refuse(Code.VoteCodeExpired);
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(ctx.config.cookieSecret, hash, code.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) throw refuse(Code.VoteCodeWrong);
  if (!(await spendVoterCode(ctx.db, row.id, nowIso(now)))) throw refuse(Code.VoteCodeUsed);
  return { voterKey: `m:${hash}`, label: maskEmail(email) };
}
