/**
 * The counts a vote's difficulty and fraud signals are read from, kept in memory instead of counted in the
 * database per vote: counted votes per address and per subnet in the hour before, and votes per entry in
 * the minute before. A window is kept in 60 buckets (minutes; seconds for the entry's minute) plus the
 * current one, so a vote leaves the count between 60 and 61 of them after it was cast: never sooner than
 * the database's `created_at > now - 1 h` would. Votes still in a batch count too (admitted before they join
 * it, given back if they or their batch are refused), so the votes of one batch see those before them.
 */
export type RecentVotes = { address: number; subnet: number; entryMinute: number };
/** A vote as the counters see it: who, on what, when (ms). */
export type CountedVote = { ip: string; subnet: string; entryId: number; atMs: number };

const HOUR_BUCKET_MS = 60_000;
const MINUTE_BUCKET_MS = 1_000;
const BUCKETS = 60;

/**
 * Counts per key in time buckets of `bucketMs`; a count covers the current bucket and the 60 before it.
 * The structure has no clock of its own: the newest time a caller has added at is "now" for pruning, so
 * counts are the same whatever the wall clock says (a replayed or a test vote at another time included).
 */
export class SlidingCounts {
  private readonly buckets = new Map<number, Map<string, number>>();
  /** The newest bucket any add has reached; buckets more than 60 older than it can never be counted again. */
  private newest = Number.NEGATIVE_INFINITY;

  constructor(readonly bucketMs: number) {}

  add(key: string, atMs: number, delta: number): void {
    const index = Math.floor(atMs / this.bucketMs);
    if (index < this.newest - BUCKETS) return; // already out of every window that is still read
    let bucket = this.buckets.get(index);
    if (!bucket) {
      bucket = new Map();
      this.buckets.set(index, bucket);
      if (index > this.newest) this.prune(index);
    }
    const n = (bucket.get(key) ?? 0) + delta;
    if (n === 0) bucket.delete(key);
    else bucket.set(key, n);
  }

  count(key: string, nowMs: number): number {
    const last = Math.floor(nowMs / this.bucketMs);
    let n = 0;
    // Few buckets exist at a time (61 or so): walking them beats 61 lookups by index.
    for (const [index, bucket] of this.buckets) if (index <= last && index >= last - BUCKETS) n += bucket.get(key) ?? 0;
    return n;
  }

  /** A newer bucket was opened: drops those that no count from it onwards can reach. */
  private prune(newest: number): void {
    this.newest = newest;
    const oldest = newest - BUCKETS;
    for (const index of this.buckets.keys()) if (index < oldest) this.buckets.delete(index);
  }
}

/** The three windows of one set of counts. */
export class VoteWindows {
  readonly hour = new SlidingCounts(HOUR_BUCKET_MS);
  readonly minute = new SlidingCounts(MINUTE_BUCKET_MS);

  add(v: CountedVote, delta = 1): void {
    this.hour.add(`a:${v.ip}`, v.atMs, delta);
    this.hour.add(`s:${v.subnet}`, v.atMs, delta);
    this.minute.add(`e:${v.entryId}`, v.atMs, delta);
  }

  recent(ip: string, subnet: string, entryId: number, nowMs: number): RecentVotes {
    return { address: this.hour.count(`a:${ip}`, nowMs), subnet: this.hour.count(`s:${subnet}`, nowMs), entryMinute: this.minute.count(`e:${entryId}`, nowMs) };
  }
}

export const sumRecent = (a: RecentVotes, b: RecentVotes): RecentVotes => ({
  address: a.address + b.address,
  subnet: a.subnet + b.subnet,
  entryMinute: a.entryMinute + b.entryMinute,
});

/** Where counted votes are shared between instances (Redis); absent, each process counts its own. */
export interface SharedCounts {
  recent(ip: string, subnet: string, entryId: number, nowMs: number): Promise<RecentVotes>;
  add(votes: CountedVote[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * This process's counts: votes counted (its own, and those warmed from the database at start) and votes in
 * flight. With shared counts (REDIS_URL) those are read instead of the counted ones, so every instance sees
 * every vote; if Redis cannot answer, the process's own counts stand in.
 */
export class VoteCounters {
  private readonly counted = new VoteWindows();
  private readonly inFlight = new VoteWindows();

  constructor(private readonly shared?: SharedCounts) {}

  /** Votes counted before (from the database at start: its last hour, so a restart does not reset a budget). */
  warm(votes: { ip: string; subnet: string; entryId?: number; atMs: number; n: number }[]): void {
    for (const v of votes) {
      if (v.ip) {
        this.counted.hour.add(`a:${v.ip}`, v.atMs, v.n);
        this.counted.hour.add(`s:${v.subnet}`, v.atMs, v.n);
      }
      if (v.entryId !== undefined) this.counted.minute.add(`e:${v.entryId}`, v.atMs, v.n);
    }
  }

  async recent(ip: string, subnet: string, entryId: number, nowMs: number): Promise<RecentVotes> {
    const pending = this.inFlight.recent(ip, subnet, entryId, nowMs);
    return sumRecent(await this.countedBefore(ip, subnet, entryId, nowMs), pending);
  }

  /**
   * A vote about to join a batch: what it sees (the votes before it, those in flight included), and from now
   * on it counts for the votes after it. Its place is taken in the same turn as the in-flight read, so of
   * several votes arriving together each sees those admitted before it. `settle` (or `release`) gives it back.
   */
  async admit(v: CountedVote): Promise<RecentVotes> {
    const pending = this.inFlight.recent(v.ip, v.subnet, v.entryId, v.atMs);
    this.inFlight.add(v);
    return sumRecent(await this.countedBefore(v.ip, v.subnet, v.entryId, v.atMs), pending);
  }

  private async countedBefore(ip: string, subnet: string, entryId: number, nowMs: number): Promise<RecentVotes> {
    if (this.shared) {
      try {
        return await this.shared.recent(ip, subnet, entryId, nowMs);
      } catch {
        // Redis down: this process's own counts (a budget per instance until it is back).
      }
    }
    return this.counted.recent(ip, subnet, entryId, nowMs);
  }

  /** An admitted vote refused before its batch (a step-up): it no longer counts. */
  release(v: CountedVote): void {
    this.inFlight.add(v, -1);
  }

  /** The batch is written: `kept` votes are counted from now on, every reserved vote leaves the in-flight counts. */
  async settle(reserved: CountedVote[], kept: CountedVote[]): Promise<void> {
    for (const v of kept) this.counted.add(v);
    if (this.shared && kept.length > 0) await this.shared.add(kept).catch(() => undefined);
    for (const v of reserved) this.inFlight.add(v, -1);
  }

  async close(): Promise<void> {
    await this.shared?.close();
  }
}
