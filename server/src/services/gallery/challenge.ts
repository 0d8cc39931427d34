import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { createChallenge, extractParams, type verifySolution } from 'altcha-lib/v1';
import type { ChallengePurpose, PowChallenge } from '../../../../common/challenge';
import { Code, type ErrorCode } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { purgeSpentChallenges, spendChallenge } from '../../db/repos/gallery/challenges';
import { AppError } from '../../errors';

/**
 * Proof-of-work challenges (ALTCHA). The salt carries the purpose, the difficulty (`m`, the range the secret
 * number was drawn from: a solver tries m/2 hashes on average) and the expiry, and the signature covers them,
 * so nothing is stored at issue; a used challenge's signature is stored until it expires (one use).
 */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/** The HMAC key of challenges, derived from the cookie secret so no new setting is needed. */
export function challengeKey(cookieSecret: string): string {
  let key = keys.get(cookieSecret);
  if (!key) {
    key = createHmac('sha256', cookieSecret).update('altcha challenge key').digest('hex');
    keys.set(cookieSecret, key);
  }
  return key;
}
const keys = new Map<string, string>();

/**
 * The secret number behind a challenge, uniform over 1..maxnumber. altcha-lib scales one 32-bit random value,
 * so above 2^32 it can only land on 2^32 evenly spaced numbers and a solver that knows the spacing does no
 * more work than at 2^32; node's randomInt draws over the whole range (up to 2^48, past MAX_DIFFICULTY).
 */
export function secretNumber(maxnumber: number): number {
  return randomInt(1, maxnumber + 1);
}

export async function issueChallenge(ctx: AppContext, purpose: ChallengePurpose, maxnumber: number, now = new Date()): Promise<PowChallenge> {
  const c = await createChallenge({
    hmacKey: challengeKey(ctx.config.cookieSecret),
    maxnumber,
    number: secretNumber(maxnumber),
    expires: new Date(now.getTime() + CHALLENGE_TTL_MS),
    params: { p: purpose, m: String(maxnumber) },
  });
  return { algorithm: c.algorithm, challenge: c.challenge, maxnumber, salt: c.salt, signature: c.signature };
}

/** A checked solution, not yet spent: its signature is the one-use key, `maxnumber` the difficulty it paid. */
/** `issuedAt` (ms) is when it was issued, from its signed expiry: what the vote's solve-time signal measures from. */
export type CheckedSolution = { signature: string; expiresAt: string; maxnumber: number; issuedAt: number };

/** ALTCHA's payload type (the library's v1 entry point does not export it by name). */
type Payload = Exclude<Parameters<typeof verifySolution>[0], string>;

const refusal = (code: ErrorCode) => new AppError(code, { fields: { altcha: code } });

function decode(altcha: string): Payload | undefined {
  try {
    const p = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as Partial<Payload>;
    const valid =
      typeof p.algorithm === 'string' &&
      typeof p.challenge === 'string' &&
      typeof p.salt === 'string' &&
      typeof p.signature === 'string' &&
      Number.isSafeInteger(p.number) &&
      (p.number as number) >= 0;
    return valid && p.algorithm === 'SHA-256' ? (p as Payload) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What altcha-lib's verifySolution checks (the work: SHA-256 of salt + number is the challenge; the
 * signature: the challenge's HMAC), with node:crypto in the request's own turn: the library hashes through
 * WebCrypto, two trips through the thread pool per vote.
 */
function verified(p: Payload, hmacKey: string): boolean {
  const salt = p.salt.endsWith('&') ? p.salt : `${p.salt}&`;
  const challenge = createHash('sha256').update(`${salt}${p.number}`).digest('hex');
  if (challenge !== p.challenge) return false;
  const expected = Buffer.from(createHmac('sha256', hmacKey).update(challenge).digest('hex'));
  const given = Buffer.from(p.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Checks a solution: 2013 when missing, 3001 when forged, wrong or made for another purpose, 3003 when
 * expired. Whether it was used before is decided when it is spent (`spend` here, or the vote's transaction).
 */
export async function checkSolution(ctx: AppContext, altcha: string | undefined, purpose: ChallengePurpose, now = new Date()): Promise<CheckedSolution> {
  if (!altcha?.trim()) throw refusal(Code.CaptchaRequired);
  const payload = decode(altcha.trim());
  if (!payload) throw refusal(Code.CaptchaWrong);
  if (!verified(payload, challengeKey(ctx.config.cookieSecret))) throw refusal(Code.CaptchaWrong);
  const params = extractParams(payload);
  const expires = Number(params.expires) * 1000;
  const maxnumber = Number(params.m);
  if (params.p !== purpose || !Number.isFinite(expires) || !Number.isSafeInteger(maxnumber)) throw refusal(Code.CaptchaWrong);
  if (expires <= now.getTime()) throw refusal(Code.CaptchaExpired);
  return { signature: payload.signature, expiresAt: nowIso(new Date(expires)), maxnumber, issuedAt: expires - CHALLENGE_TTL_MS };
}

/** The one-use refusal (3004), for the vote, whose transaction spends the challenge itself. */
export const challengeUsed = () => refusal(Code.CaptchaUsed);

/** Checks and spends a solution in one go (the contact and scam-report forms). */
export async function redeemSolution(ctx: AppContext, altcha: string | undefined, purpose: ChallengePurpose, now = new Date()): Promise<void> {
  const solved = await checkSolution(ctx, altcha, purpose, now);
  if (!(await spendChallenge(ctx.db, solved))) throw challengeUsed();
  // Housekeeping now and then rather than a timer: one server or ten, no scheduler needed.
  if (Math.random() < 0.01) await purgeSpentChallenges(ctx.db, nowIso(now));
}
