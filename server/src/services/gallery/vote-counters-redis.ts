import type { Redis } from 'ioredis';
import { RedisBreaker } from '../../redis-breaker';
import type { CountedVote, RecentVotes, SharedCounts } from './vote-counters';

/**
 * The vote counts in Redis (REDIS_URL), so every instance's votes raise an address's difficulty on all of
 * them. One hash per address, subnet (field: the minute) and entry (field: the second); a vote's read is
 * one round trip (three HGETALLs, pipelined with the other votes of the moment), a batch's write another.
 * Fields that fell out of the window are deleted when seen; a key expires when nobody votes from it.
 */
const HOUR_BUCKET_MS = 60_000;
const MINUTE_BUCKET_MS = 1_000;
const BUCKETS = 60;

/** Sums the fields of a hash within the window ending at `nowMs`; `stale` gets the fields past it. */
function sum(hash: Record<string, string>, bucketMs: number, nowMs: number, stale: string[]): number {
  const last = Math.floor(nowMs / bucketMs);
  let n = 0;
  for (const [field, value] of Object.entries(hash)) {
    const index = Number(field);
    if (index < last - BUCKETS) stale.push(field);
    else if (index <= last) n += Number(value);
  }
  return n;
}

export async function redisCounts(url: string, prefix: string): Promise<SharedCounts> {
  const { Redis } = await import('ioredis');
  // Connected at the first vote; a command that waits longer than a vote should falls back to local counts.
  const redis: Redis = new Redis(url, { lazyConnect: true, enableAutoPipelining: true, maxRetriesPerRequest: 1, commandTimeout: 500 });
  redis.on('error', () => undefined); // the caller falls back to this process's counts while Redis is away
  // Once a call failed, votes stop waiting on Redis (two time-outs each) until a probe finds it back.
  const breaker = new RedisBreaker('vote counters');
  const key = (kind: string, id: string | number) => `${prefix}:votes:${kind}:${id}`;
  return {
    async recent(ip, subnet, entryId, nowMs): Promise<RecentVotes> {
      const keys = [key('a', ip), key('s', subnet), key('e', entryId)];
      const [a, s, e] = (await breaker.run(() => Promise.all(keys.map((k) => redis.hgetall(k))))) as Record<string, string>[];
      const stale: string[][] = [[], [], []];
      const recent = {
        address: sum(a ?? {}, HOUR_BUCKET_MS, nowMs, stale[0] as string[]),
        subnet: sum(s ?? {}, HOUR_BUCKET_MS, nowMs, stale[1] as string[]),
        entryMinute: sum(e ?? {}, MINUTE_BUCKET_MS, nowMs, stale[2] as string[]),
      };
      stale.forEach((fields, i) => {
        if (fields.length > 0) void redis.hdel(keys[i] as string, ...fields).catch(() => undefined);
      });
      return recent;
    },
    async add(votes: CountedVote[]) {
      const moves = new Map<string, { ttlMs: number; buckets: Map<number, number> }>();
      const bump = (k: string, bucketMs: number, atMs: number) => {
        const move = moves.get(k) ?? { ttlMs: bucketMs * (BUCKETS + 2), buckets: new Map<number, number>() };
        const index = Math.floor(atMs / bucketMs);
        move.buckets.set(index, (move.buckets.get(index) ?? 0) + 1);
        moves.set(k, move);
      };
      for (const v of votes) {
        bump(key('a', v.ip), HOUR_BUCKET_MS, v.atMs);
        bump(key('s', v.subnet), HOUR_BUCKET_MS, v.atMs);
        bump(key('e', v.entryId), MINUTE_BUCKET_MS, v.atMs);
      }
      const multi = redis.pipeline();
      for (const [k, move] of moves) {
        for (const [index, n] of move.buckets) multi.hincrby(k, String(index), n);
        multi.pexpire(k, move.ttlMs);
      }
      await breaker.run(() => multi.exec());
    },
    async close() {
      // Never connected (no vote came): nothing to say goodbye to.
      if (redis.status === 'wait') redis.disconnect();
      else await redis.quit().catch(() => redis.disconnect());
    },
  };
}
