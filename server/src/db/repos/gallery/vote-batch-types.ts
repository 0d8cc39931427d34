import type { ChainedVote } from './vote-chain-text';
import type { VoteRow } from './votes';

/** What a batch of group commit carries and answers (vote-batch.ts on PostgreSQL, vote-batch-sqlite.ts on SQLite). */
/** `budget`: the voter's keys for the day under "N a day in all" (`<prefix>0` .. `<prefix><size-1>`); a vote takes the first free one. */
export type DayBudget = { prefix: string; size: number };
export type BatchVote = { row: VoteRow; challenge?: { signature: string; expiresAt: string }; budget?: DayBudget };
export type AuditRow = { entryId: number; voterKey: string; label?: string; ip: string; subnet: string; outcome: string; at: string };
/**
 * What became of one vote of a batch; `count` is the entry's count right after it (as if written alone),
 * `voteId` the row written (its receipt names it).
 */
export type BatchOutcome =
  | { kind: 'counted'; count: number; voteId: number }
  | { kind: 'duplicate' }
  | { kind: 'challengeUsed' }
  | { kind: 'notVotable' }
  | { kind: 'dayLimit' };

/** The audit outcome a vote's batch outcome is recorded as. */
export const AUDIT_OUTCOME: Record<BatchOutcome['kind'], string> = {
  counted: 'counted',
  duplicate: 'duplicate',
  challengeUsed: 'challengeUsed',
  notVotable: 'notFound',
  dayLimit: 'dayLimit',
};

/** A written vote as the chain hashes it. */
export const chainedVote = (id: number, v: VoteRow): ChainedVote => ({
  id,
  entry_id: v.entryId,
  voter_key: v.voterKey,
  ip: v.ip,
  slot: v.slot,
  risk: v.risk ?? 0,
  signals: v.signals ?? null,
  created_at: v.at,
});
