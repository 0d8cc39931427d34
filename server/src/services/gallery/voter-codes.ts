import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Code, type ErrorCode } from '../../../../common/errors';
import { VOTE_CODE_MAX_TRIES, VOTE_CODE_TTL_MINUTES } from '../../../../common/gallery';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { countVoterCodesUpTo, deleteVoterCode, insertVoterCode, latestVoterCode, spendVoterCode, takeVoterCodeTry } from '../../db/repos/gallery/voter-codes';
import type { VoterCodeChannel } from '../../db/schema/gallery';
import { AppError } from '../../errors';

/**
 * The 6-digit voting codes of the e-mail and phone modes, one machinery for both: a code is kept only as a
 * keyed hash, under a keyed hash of the voter's canonical identity (the mailbox, the E.164 number) whose
 * label names the channel, so one identity never meets the other's codes. Ten minutes, five tries, one use.
 */
export type CodeIdentity = { channel: VoterCodeChannel; canonical: string };

/** How many codes an hour: per identity, and (when set) per subnet of this channel. */
export type CodeLimits = { perIdentityHour: number; perSubnetHour?: number };

const HOUR_MS = 3_600_000;

function hmac(secret: string, label: string, value: string): string {
  return createHmac('sha256', secret).update(`${label}:${value}`).digest('hex');
}

/** The keyed hash of an identity: what the codes table and the voter key hold instead of the address or number. */
export const identityHash = (secret: string, id: CodeIdentity) => hmac(secret, id.channel === 'email' ? 'voter-email' : `voter-${id.channel}`, id.canonical);
const codeHash = (secret: string, hash: string, code: string) => hmac(secret, 'voter-code', `${hash}:${code}`);

/**
 * Writes a fresh code for the identity and hands it to `deliver`. Past a limit the row is taken back and 9429
 * answers; when delivery fails the row is taken back too (no code stays usable that nobody received) and the
 * delivery's own AppError, or `failure`, answers.
 */
export async function sendVoterCode(
  ctx: AppContext,
  req: { identity: CodeIdentity; subnet: string; limits: CodeLimits; failure: ErrorCode },
  deliver: (code: string) => Promise<void>,
  now: Date,
): Promise<void> {
  const hash = identityHash(ctx.config.cookieSecret, req.identity);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await insertVoterCode(ctx.db, {
    channel: req.identity.channel,
    identityHash: hash,
    subnet: req.subnet,
    codeHash: codeHash(ctx.config.cookieSecret, hash, code),
    expiresAt: nowIso(new Date(now.getTime() + VOTE_CODE_TTL_MINUTES * 60_000)),
    at: nowIso(now),
  });
  const since = nowIso(new Date(now.getTime() - HOUR_MS));
  const { perIdentityHour, perSubnetHour } = req.limits;
  const overIdentity = (await countVoterCodesUpTo(ctx.db, { identityHash: hash }, since, id)) > perIdentityHour;
  const overSubnet =
    !overIdentity &&
    perSubnetHour !== undefined &&
    (await countVoterCodesUpTo(ctx.db, { channel: req.identity.channel, subnet: req.subnet }, since, id)) > perSubnetHour;
  if (overIdentity || overSubnet) {
    await deleteVoterCode(ctx.db, id);
    throw new AppError(Code.TooManyRequests);
  }
  try {
    await deliver(code);
  } catch (cause) {
    await deleteVoterCode(ctx.db, id);
    throw cause instanceof AppError ? cause : new AppError(req.failure, { cause });
  }
}

type Refusal = typeof Code.VoteCodeWrong | typeof Code.VoteCodeExpired | typeof Code.VoteCodeUsed;

/**
 * Uses the identity's latest code: 2022 when missing or wrong (five tries), 2023 when expired or its tries are
 * used up, 2024 when used before. Returns the identity's hash, the voter key's body.
 */
export async function redeemVoterCode(ctx: AppContext, identity: CodeIdentity, code: string, now: Date): Promise<string> {
  const hash = identityHash(ctx.config.cookieSecret, identity);
  const row = await latestVoterCode(ctx.db, hash);
  const refuse = (c: Refusal) => new AppError(c, { fields: { code: c } });
  if (!row) throw refuse(Code.VoteCodeWrong);
  if (row.used_at) throw refuse(Code.VoteCodeUsed);
  if (row.expires_at <= nowIso(now)) throw refuse(Code.VoteCodeExpired);
  // Every guess takes a try first (one atomic increment): five guesses per code, even all at once.
  if (!(await takeVoterCodeTry(ctx.db, row.id, VOTE_CODE_MAX_TRIES))) throw refuse(Code.VoteCodeExpired);
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(ctx.config.cookieSecret, hash, code.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) throw refuse(Code.VoteCodeWrong);
  if (!(await spendVoterCode(ctx.db, row.id, nowIso(now)))) throw refuse(Code.VoteCodeUsed);
  return hash;
}
