import type { Config } from '../../config';
import { type Db, type DialectName, nowIso } from '../../db/database';
import { purgeSpentChallenges } from '../../db/repos/gallery/challenges';
import { type AuditRow, type BatchOutcome, type BatchVote, writeVoteBatch } from '../../db/repos/gallery/vote-batch';
import { countedByMinute, votesBySecond } from '../../db/repos/gallery/votes';
import { budgetAddressOf, subnetOf } from './subnet';
import { VoteBatcher } from './vote-batcher';
import { type CountedVote, type RecentVotes, VoteCounters } from './vote-counters';
import { redisCounts } from './vote-counters-redis';

/**
 * What the vote path keeps per process (one per context, `ctx.votes`): the group-commit batcher and the
 * counters of recent votes. Nothing is opened until the first vote or challenge needs it (CLIs never do):
 * then Redis (REDIS_URL) is connected, or, without it, the counters are warmed from the database's last
 * hour so a restart does not reset an attacker's budget.
 */
export type VoteDesk = {
  /** Counted votes in the hour before from the address and its subnet, and votes on the entry in the minute before. */
  recent(ip: string, subnet: string, entryId: number, now: Date): Promise<RecentVotes>;
  /**
   * Takes a vote's place in the counts and says what it sees (`recent` plus the votes admitted before it);
   * `release` gives the place back when the vote is refused before its batch. Then `cast` it.
   */
  admit(ip: string, subnet: string, entryId: number, now: Date): Promise<{ recent: RecentVotes; release: () => void }>;
  /** Writes an admitted vote with its batch; resolves after the batch committed. */
  cast(vote: BatchVote): Promise<BatchOutcome>;
  /** Audits a refusal with the next batch; resolves after it committed. */
  audit(row: AuditRow): Promise<void>;
  /** Batches written so far by this process, and the votes in them. */
  stats(): { batches: number; votes: number };
  /** Writes what was handed in, then closes Redis (after the HTTP drain, before the database closes). */
  close(): Promise<void>;
};

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Spent challenges past their expiry are deleted at most this often (housekeeping beside the votes). */
const PURGE_EVERY_MS = 10 * MINUTE_MS;

// Counts key an address by budgetAddressOf: an IPv6 visitor's whole /64 is one address.
const counted = (v: BatchVote): CountedVote => ({ ip: budgetAddressOf(v.row.ip), subnet: v.row.subnet, entryId: v.row.entryId, atMs: Date.parse(v.row.at) });

async function warm(db: Db, counters: VoteCounters, now: number): Promise<void> {
  const [byMinute, bySecond] = await Promise.all([
    countedByMinute(db, nowIso(new Date(now - HOUR_MS - MINUTE_MS))),
    votesBySecond(db, nowIso(new Date(now - 2 * MINUTE_MS))),
  ]);
  counters.warm([
    ...byMinute.map((r) => ({ ip: budgetAddressOf(r.ip), subnet: r.subnet ?? subnetOf(r.ip), atMs: Date.parse(`${r.minute}:00.000Z`), n: r.n })),
    ...bySecond.map((r) => ({ ip: '', subnet: '', entryId: r.entryId, atMs: Date.parse(`${r.second}.000Z`), n: r.n })),
  ]);
}

export function createVoteDesk(config: Config, db: Db, dialect: DialectName): VoteDesk {
  let counters: VoteCounters | undefined;
  let opening: Promise<VoteCounters> | undefined;
  const open = (): Promise<VoteCounters> => {
    opening ??= (async () => {
      if (config.redisUrl) return new VoteCounters(await redisCounts(config.redisUrl, config.redisPrefix));
      const local = new VoteCounters();
      await warm(db, local, Date.now());
      return local;
    })().then(
      (c) => {
        counters = c;
        return c;
      },
      (err) => {
        opening = undefined; // the next vote tries again
        throw err;
      },
    );
    return opening;
  };

  let purgedAt = Date.now();
  const batcher = new VoteBatcher(
    (votes, audits) => writeVoteBatch(db, dialect, votes, audits),
    config.voteBatchMs,
    async (votes, outcomes) => {
      const kept = outcomes ? votes.filter((_, i) => outcomes[i]?.kind === 'counted') : [];
      await counters?.settle(votes.map(counted), kept.map(counted));
      // Housekeeping now and then rather than a timer: one server or ten, no scheduler needed.
      if (Date.now() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = Date.now();
        void purgeSpentChallenges(db, nowIso()).catch(() => undefined);
      }
    },
  );

  return {
    async recent(ip, subnet, entryId, now) {
      return (counters ?? (await open())).recent(budgetAddressOf(ip), subnet, entryId, now.getTime());
    },
    async admit(ip, subnet, entryId, now) {
      const c = counters ?? (await open());
      const v = { ip: budgetAddressOf(ip), subnet, entryId, atMs: now.getTime() };
      return { recent: await c.admit(v), release: () => c.release(v) };
    },
    cast: (vote) => batcher.vote(vote),
    audit: (row) => batcher.audit(row),
    stats: () => ({ ...batcher.stats }),
    async close() {
      await batcher.drain();
      await counters?.close();
    },
  };
}
