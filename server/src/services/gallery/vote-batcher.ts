import type { AuditRow, BatchOutcome, BatchVote } from '../../db/repos/gallery/vote-batch';

/**
 * Group commit: votes (and refusals to audit) that arrive together are written by one transaction. The
 * first one waits `windowMs` (0: until the current turn of the event loop has read every request that
 * came in), then the batch is written; whatever arrives while a batch is being written forms the next one,
 * so batches grow with the load and a lone vote waits for nothing. Each caller is answered only after its
 * batch committed (or failed: then every caller of the batch gets the error, and nothing was kept).
 */
export type BatchWriter = (votes: BatchVote[], audits: AuditRow[]) => Promise<BatchOutcome[]>;
/** Runs once per batch before its callers are answered (`outcomes` undefined when it failed). */
export type BatchSettled = (votes: BatchVote[], outcomes: BatchOutcome[] | undefined) => Promise<void> | void;

type Waiter<T> = { resolve: (value: T) => void; reject: (err: unknown) => void };

/** At most this many votes per transaction; the rest wait for the next one. */
const MAX_BATCH = 2000;

export class VoteBatcher {
  private votes: { vote: BatchVote; waiter: Waiter<BatchOutcome> }[] = [];
  private audits: { row: AuditRow; waiter: Waiter<void> }[] = [];
  private scheduled = false;
  private running: Promise<void> | undefined;
  /** Transactions run and votes they carried (for tests, and to see the batch size under load). */
  readonly stats = { batches: 0, votes: 0 };

  constructor(
    private readonly write: BatchWriter,
    private readonly windowMs: number,
    private readonly settled?: BatchSettled,
  ) {}

  vote(vote: BatchVote): Promise<BatchOutcome> {
    return new Promise((resolve, reject) => {
      this.votes.push({ vote, waiter: { resolve, reject } });
      this.schedule();
    });
  }

  /** A refusal's audit row, written with the next batch. */
  audit(row: AuditRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.audits.push({ row, waiter: { resolve, reject } });
      this.schedule();
    });
  }

  private schedule(): void {
    // A batch being written takes the next one when it ends.
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.running = this.flush().finally(() => {
        this.running = undefined;
        // Those that came meanwhile waited a whole batch already: after this batch's answers are out, at once.
        if (this.votes.length > 0 || this.audits.length > 0) {
          this.scheduled = true;
          setImmediate(go);
        }
      });
    };
    if (this.windowMs > 0) setTimeout(go, this.windowMs);
    else setImmediate(go);
  }

  private async flush(): Promise<void> {
    const votes = this.votes.splice(0, MAX_BATCH);
    const audits = this.audits.splice(0, MAX_BATCH);
    if (votes.length === 0 && audits.length === 0) return;
    const batch = votes.map((v) => v.vote);
    this.stats.batches++;
    this.stats.votes += votes.length;
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.write(
        batch,
        audits.map((a) => a.row),
      );
    } catch (err) {
      await this.settle(batch, undefined);
      for (const { waiter } of [...votes, ...audits]) waiter.reject(err);
      return;
    }
    await this.settle(batch, outcomes);
    for (const [i, v] of votes.entries()) v.waiter.resolve(outcomes[i] as BatchOutcome);
    for (const a of audits) a.waiter.resolve();
  }

  private async settle(batch: BatchVote[], outcomes: BatchOutcome[] | undefined): Promise<void> {
    try {
      await this.settled?.(batch, outcomes);
    } catch {
      // Bookkeeping beside the votes (counters): never a reason to leave a caller unanswered.
    }
  }

  /** Resolves once every vote handed in so far is written (or refused); for shutdown. */
  async drain(): Promise<void> {
    while (this.running || this.scheduled || this.votes.length > 0 || this.audits.length > 0) {
      if (this.running) await this.running;
      else await new Promise((r) => setTimeout(r, Math.max(1, this.windowMs)));
    }
  }
}
