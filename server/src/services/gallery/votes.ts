import type { ChallengePurpose, PowChallenge } from '../../../../common/challenge';
import { Code } from '../../../../common/errors';
import { assertNever } from '../../../../common/exhaustive';
import type { VoteResult } from '../../../../common/gallery';
import type { VoteSignals } from '../../../../common/vote-review';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import type { BatchVote } from '../../db/repos/gallery/vote-batch';
import { AppError } from '../../errors';
import { isBlocked } from './blocklist';
import { type CheckedSolution, challengeUsed, checkSolution, issueChallenge } from './challenge';
import { countsShown } from './count-display';
import { subnetOf } from './subnet';
import type { RecentVotes } from './vote-counters';
import { stepsPast, voteDifficulty } from './vote-difficulty';
import { receiptOf } from './vote-receipt-code';
import { riskScore, uaFamily } from './vote-risk';
import { redeemVoteCode } from './voter-email';
import { redeemPhoneCode } from './voter-phone';
import { wechatVoter } from './voter-wechat';
import { dayBudget, voteSlot, votingSettings } from './voting-settings';

/** `voterKey` is the cookie's; `userId` the signed-in account's; `email` or `phone` + `code` a code voter's proof. */
export type VoteRequest = {
  entryId: number;
  voterKey: string;
  ip: string;
  altcha?: string;
  userId?: number;
  email?: string;
  phone?: string;
  code?: string;
  /** The WeChat identity from the visitor's signed cookie (wechat mode). */
  wechatId?: string;
  /** Fraud signals the route reads: the User-Agent header, and whether the entry's page was opened first. */
  userAgent?: string;
  viewedFirst?: boolean;
};

/** The signals of a vote about to be counted (read before it is written, so they describe what came before). */
function signalsOf(v: VoteRequest, recent: RecentVotes, solved: CheckedSolution | undefined, now: Date): VoteSignals {
  return {
    addressHour: recent.address,
    subnetHour: recent.subnet,
    solveMs: solved ? Math.max(0, now.getTime() - solved.issuedAt) : null,
    uaFamily: uaFamily(v.userAgent),
    viewedFirst: v.viewedFirst === true,
    entryMinute: recent.entryMinute,
  };
}

/** The difficulty a vote from this address needs now: the base, or more once it or its subnet voted a lot. */
async function difficultyFor(ctx: AppContext, ip: string, now: Date): Promise<number> {
  return voteDifficulty(await votingSettings(ctx.db, now), await ctx.votes.recent(ip, subnetOf(ip), 0, now));
}

/** A challenge for a form (the base difficulty) or for a vote from this address (its current difficulty). */
export async function challengeFor(ctx: AppContext, purpose: ChallengePurpose, ip: string, now = new Date()): Promise<PowChallenge> {
  const settings = await votingSettings(ctx.db, now);
  // Outside the voting window a vote challenge pays for nothing; issuing one would let a script bank work.
  if (purpose === 'vote' && !settings.open) throw new AppError(Code.VotingClosed);
  const maxnumber = purpose === 'vote' ? await difficultyFor(ctx, ip, now) : settings.powBase;
  return issueChallenge(ctx, purpose, maxnumber, now);
}

/**
 * Casts one vote (one per voter under the organiser's rule, held by a unique key in the database, not a
 * read-then-write): blocklist (2016), voting window (4100), the voter's proof by the organiser's mode
 * (anonymous: a solved proof-of-work challenge, 2013 missing, 3001 forged or wrong, 3003 expired, 3002 easier
 * than this address now needs, 3004 used before; email: the mailed code, 2022-2025, the vote keyed on the
 * address; phone: the texted code, the same codes and 2050/2051 for a number that is not a mobile one, the
 * vote keyed on the E.164 number; account: a signed-in account, 2020 without one; wechat: the identity WeChat's
 * authorisation gave, 2071 without one, the vote keyed on `wx:<unionid|openid>`), the rule's unique slot (2015), an approved entry
 * (2100). A counted vote keeps its fraud signals and risk score (`vote-risk.ts`). The difficulty and the
 * signals are read from the counters in memory (or Redis), not the database. The challenge is spent, the vote
 * row written, the count moved and the vote audited in one transaction, shared with the votes that arrived
 * with it (group commit, `vote-batcher.ts`); a refusal of a proven voter is audited too, in the same batches,
 * while one without a valid proof is only counted (metrics).
 */
export async function castVote(ctx: AppContext, v: VoteRequest, now = new Date()): Promise<VoteResult> {
  const at = nowIso(now);
  const subnet = subnetOf(v.ip);
  let voter: { voterKey: string; label?: string } = { voterKey: v.voterKey };
  const refuse = async (outcome: string, error: AppError): Promise<never> => {
    await ctx.votes.audit({ entryId: v.entryId, ...voter, ip: v.ip, subnet, outcome, at });
    throw error;
  };

  if (isBlocked(ctx.config.voteBlocklistFile, v.ip)) return refuse('blocked', new AppError(Code.VoteFromVpn));
  const settings = await votingSettings(ctx.db, now);
  if (!settings.open) return refuse('closed', new AppError(Code.VotingClosed));
  let solved: CheckedSolution | undefined;
  // A vote without a valid proof (no solved challenge, no mailed code, no account) costs its sender nothing,
  // so its refusal costs little too: no durable row each, only the count by code that the metrics plugin
  // keeps from the answer (microfilm_votes_total).
  const mode = settings.voterMode;
  switch (mode) {
    case 'account':
      if (v.userId === undefined) throw new AppError(Code.VoteNeedsLogin);
      voter = { voterKey: `u:${v.userId}` };
      break;
    case 'email':
      voter = await redeemVoteCode(ctx, v.email, v.code, now);
      break;
    case 'phone':
      voter = await redeemPhoneCode(ctx, v.phone, v.code, now);
      break;
    case 'wechat':
      if (v.wechatId === undefined) throw new AppError(Code.WechatSignInRequired);
      voter = wechatVoter(v.wechatId);
      break;
    case 'anonymous':
      solved = await checkSolution(ctx, v.altcha, 'vote', now);
      break;
    default:
      return assertNever(mode, 'voter mode');
  }
  // One read of the counters (memory or Redis, never the database) for the difficulty and the signals.
  const admitted = await ctx.votes.admit(v.ip, subnet, v.entryId, now);
  if (solved && solved.maxnumber < voteDifficulty(settings, admitted.recent)) {
    admitted.release();
    return refuse('stepUp', new AppError(Code.ChallengeStepUp, { fields: { altcha: Code.ChallengeStepUp } }));
  }
  // E-mail, phone and account votes carry no proof of work to step up, so the same thresholds are a budget:
  // past them an address (or its subnet) votes again when its hour has room. Fresh mailboxes, SIM cards and
  // accounts are cheap; the address they vote from is not.
  if (!solved && stepsPast(settings, admitted.recent) > 0) {
    admitted.release();
    return refuse('networkBudget', new AppError(Code.VoteNetworkBudget));
  }
  let row: BatchVote['row'];
  const budget = dayBudget(settings, voter.voterKey, now, ctx.config.contestTimezone);
  try {
    const slot = voteSlot(settings.rule, v.entryId, voter.voterKey, now, ctx.config.contestTimezone);
    const signals = signalsOf(v, admitted.recent, solved, now);
    row = { entryId: v.entryId, ...voter, ip: v.ip, subnet, slot, at, risk: riskScore(signals), signals: JSON.stringify(signals) };
  } catch (err) {
    admitted.release();
    throw err;
  }
  const outcome = await ctx.votes.cast({ row, challenge: solved, budget });
  // The answer carries the count only while counts show live: a hidden or delayed one stays on the server.
  if (outcome.kind === 'counted') {
    const live = countsShown(settings).display === 'live';
    return { entryId: v.entryId, voteCount: live ? outcome.count : null, receipt: receiptOf(ctx.config.cookieSecret, outcome.voteId) };
  }
  // The batch audited the refusal beside the votes it wrote.
  if (outcome.kind === 'challengeUsed') throw challengeUsed();
  if (outcome.kind === 'duplicate') throw new AppError(Code.VoteDuplicate);
  if (outcome.kind === 'dayLimit') throw new AppError(Code.VoteDayLimit, { values: { n: settings.perDayTotal } });
  throw new AppError(Code.EntryNotFound);
}
