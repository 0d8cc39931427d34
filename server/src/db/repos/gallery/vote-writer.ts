import { Worker } from 'node:worker_threads';
import { markDatabaseError } from '../../failures';
import type { AuditRow, BatchOutcome, BatchVote } from './vote-batch';
import type { WriteAnswer, WriteRequest } from './vote-writer-thread';

/**
 * SQLite's vote batches written by a thread of their own (vote-writer-thread.ts) with its own connection to
 * the file. better-sqlite3 is synchronous: written on the main thread, a batch's statements and its commit
 * (the WAL fsync, now and then a checkpoint) stopped every other request for their whole length. The thread
 * commits one batch while the main thread reads the requests of the next one. A batch's outcomes are the
 * same (vote-batch-sqlite.ts runs in the thread); a failed batch answers its error to each vote and keeps
 * nothing, as before. If the thread dies, the batches it held fail (their transaction never committed, or
 * committed without being acknowledged: the voter retrying then gets 2015), and the next batch starts a new
 * thread.
 */
export class VoteWriterThread {
  private worker: Promise<Worker> | undefined;
  private readonly pending = new Map<number, { resolve: (o: BatchOutcome[]) => void; reject: (err: Error) => void }>();
  private nextId = 1;

  constructor(private readonly file: string) {}

  async write(votes: BatchVote[], audits: AuditRow[]): Promise<BatchOutcome[]> {
    const worker = await this.start();
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, votes, audits } satisfies WriteRequest);
    });
  }

  /** Stops the thread (after the batcher drained: nothing is pending then). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => undefined))?.terminate();
  }

  private start(): Promise<Worker> {
    if (this.worker) return this.worker;
    const started = new Promise<Worker>((resolve, reject) => {
      const worker = spawn(this.file);
      // Never what keeps the process alive: the batcher's callers are.
      worker.unref();
      const failAll = (err: Error) => {
        reject(err);
        for (const p of this.pending.values()) p.reject(markDatabaseError(err));
        this.pending.clear();
      };
      worker.on('message', (m: WriteAnswer | 'ready') => {
        if (m === 'ready') return resolve(worker);
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error) p?.reject(markDatabaseError(Object.assign(new Error(m.error.message), { code: m.error.code })));
        else p?.resolve(m.outcomes as BatchOutcome[]);
      });
      worker.on('error', failAll);
      worker.on('exit', (code) => {
        failAll(new Error(`vote writer thread exited (${code})`));
        if (this.worker === started) this.worker = undefined;
      });
    });
    this.worker = started;
    return started;
  }
}

/**
 * The thread's module: beside this one as TypeScript when the server runs from source (tsx, Vitest: the
 * thread registers tsx's loader first), beside the bundle as JavaScript in production (scripts/build-server.mjs).
 */
function spawn(file: string): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const thread = new URL(fromSource ? './vote-writer-thread.ts' : './vote-writer-thread.js', import.meta.url);
  if (!fromSource) return new Worker(thread, { workerData: { file } });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(thread.href)}); })`;
  return new Worker(boot, { eval: true, workerData: { file } });
}
