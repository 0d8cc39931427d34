import { Code } from '../../../../common/errors';
import type { VoteResult } from '../../../../common/gallery';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { countCountedFromIp, EntryNotVotable, entryStatus, insertAudit, insertVote } from '../../db/repos/gallery/votes';
import { AppError } from '../../errors';
import { isBlocked } from './blocklist';
import { verifyCaptcha } from './captcha';
import { voteSlot, votingSettings } from './voting-settings';

export type VoteRequest = { entryId: number; voterKey: string; ip: string; captchaId?: string; captchaAnswer?: string };

/**
 * Casts one vote under DESIGN §4: blocklist (2016), voting window (4100), per-address step-up (3002, then
 * the captcha's own codes), the rule's unique slot (2015), an approved entry (2100, checked in the transaction). Every outcome is written to the
 * audit table; a counted vote is audited in the same transaction that moves the count.
 */
export async function castVote(ctx: AppContext, v: VoteRequest, now = new Date()): Promise<VoteResult> {
  const at = nowIso(now);
  const refuse = async (outcome: string, error: AppError): Promise<never> => {
    await insertAudit(ctx.db, { entryId: v.entryId, voterKey: v.voterKey, ip: v.ip, outcome, at });
    throw error;
  };
  if (isBlocked(ctx.config.voteBlocklistFile, v.ip)) return refuse('blocked', new AppError(Code.VoteFromVpn));
  const settings = await votingSettings(ctx.db, now);
  if (!settings.open) return refuse('closed', new AppError(Code.VotingClosed));
  if (settings.stepUpPerHour > 0) {
    const recent = await countCountedFromIp(ctx.db, v.ip, nowIso(new Date(now.getTime() - 3_600_000)));
    if (recent >= settings.stepUpPerHour) {
      if (!v.captchaId || !v.captchaAnswer) return refuse('stepUp', new AppError(Code.CaptchaStepUp));
      try {
        await verifyCaptcha(ctx, v.captchaId, v.captchaAnswer, now);
      } catch (err) {
        return refuse('captcha', err as AppError);
      }
    }
  }
  let count: number | null;
  try {
    count = await insertVote(ctx.db, {
      entryId: v.entryId,
      voterKey: v.voterKey,
      ip: v.ip,
      slot: voteSlot(settings.rule, v.entryId, v.voterKey, now, ctx.config.contestTimezone),
      at,
    });
  } catch (err) {
    // The entry is checked inside the vote's transaction (no extra read per vote); a failure is explained here.
    if (err instanceof EntryNotVotable || (await entryStatus(ctx.db, v.entryId)) !== 'approved') return refuse('notFound', new AppError(Code.EntryNotFound));
    throw err;
  }
  if (count === null) return refuse('duplicate', new AppError(Code.VoteDuplicate));
  return { entryId: v.entryId, voteCount: count };
}
