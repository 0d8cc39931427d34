import { Worker as BullWorker, type Job, type JobsOptions, Queue, UnrecoverableError, WaitingError } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { JobQueue, Worker } from '../../context';
import { nowIso } from '../../db/database';
import { claimEntryJob, failAttempt, findJobByEntry, listUnfinishedJobs } from '../../db/repos/media';
import { sweepOrphanRenditions } from './sweep';
import { newWorkerId, runClaimedJob } from './worker';

/**
 * The media queue at scale: BullMQ on Redis schedules one job per film (job id `entry-<id>`, so a film is
 * never queued or run twice at once), retries failed attempts with exponential back-off, and gives a dead
 * worker's job to another once its lock runs out (stalled recovery). The job row stays the record: the
 * processor claims it, runs it with the shared runner (worker.ts) and lets the row's outcome decide
 * between BullMQ's retry and a final failure.
 *
 * Redis and the table can drift (Redis emptied, a re-run arriving while the film's job is finishing), so
 * whenever a film's BullMQ job ends, and at worker start and every minute, rows still queued or running
 * without a BullMQ job are handed to BullMQ again. Adding under an existing job id is a no-op.
 */
export const BULLMQ_QUEUE_NAME = 'media-transcode';
const RECONCILE_EVERY_MS = 60_000;
const SWEEP_EVERY_MS = 3_600_000;

type Data = { entryId: number };

export const bullmqJobId = (entryId: number) => `entry-${entryId}`; // BullMQ refuses custom ids that are plain integers

const later = (ms: number) => nowIso(new Date(Date.now() + ms));

export function bullmqQueue(redisUrl: string, prefix: string): JobQueue {
  const connections: Redis[] = [];
  const connect = (opts: RedisOptions) => {
    const c = new Redis(redisUrl, { connectionName: `${prefix}-media`, ...opts }); // named, for CLIENT LIST
    connections.push(c);
    return c;
  };
  let queue: Queue<Data> | undefined;
  let closed = false;
  // Made on first use, so contexts that never queue (the admin CLI) never connect. A request that queues a
  // film fails fast while Redis is down instead of hanging; its row waits for the next reconciliation.
  const producer = () => {
    if (closed) throw new Error('the media queue is closed');
    queue ??= new Queue<Data>(BULLMQ_QUEUE_NAME, { connection: connect({ maxRetriesPerRequest: 1 }), prefix, skipWaitingForReady: true });
    return queue;
  };
  const options = (entryId: number, maxAttempts: number, retryBaseMs: number): JobsOptions => ({
    jobId: bullmqJobId(entryId),
    attempts: maxAttempts,
    backoff: { type: 'exponential', delay: retryBaseMs },
    // Finished jobs leave Redis at once: the row keeps the result, and the id is free for a re-run.
    removeOnComplete: true,
    removeOnFail: true,
  });
  const add = (entryId: number, maxAttempts: number, retryBaseMs: number) =>
    producer().add('transcode', { entryId }, options(entryId, maxAttempts, retryBaseMs));
  const workers = new Set<Worker>();

  return {
    kind: 'bullmq',

    async enqueue(job, settings) {
      // A waiting or delayed run (e.g. a retry's back-off) gives way to this one with fresh attempts. A running
      // one cannot be removed: it sees its row re-queued, stops, and the row is handed over when it ends.
      await producer().remove(bullmqJobId(job.entry_id));
      await add(job.entry_id, job.max_attempts, settings.retryBaseMs);
    },

    startWorker(ctx, settings, log) {
      const id = newWorkerId();
      const stop = new AbortController();

      const processor = async (job: Job<Data>, token?: string): Promise<string> => {
        const handBack = async () => {
          await job.moveToWait(token);
          throw new WaitingError();
        };
        if (stop.signal.aborted) return handBack();
        const row = await claimEntryJob(ctx.db, job.data.entryId, id, nowIso(), later(settings.leaseMs));
        if (!row) return 'nothing to do'; // done, failed for good, or the entry is gone
        const outcome = await runClaimedJob(ctx, row, id, settings, stop.signal);
        if (outcome.result === 'released') return handBack();
        if (outcome.result === 'retry') throw new Error(outcome.error);
        if (outcome.result === 'failed') throw new UnrecoverableError(outcome.error);
        return outcome.result;
      };

      /** After a film's BullMQ job ended: hand its row back to BullMQ if it still needs a run. */
      const settle = async (entryId: number, error?: string) => {
        if ((await producer().getJobState(bullmqJobId(entryId))) !== 'unknown') return; // a retry or a newer run is scheduled
        const row = await findJobByEntry(ctx.db, entryId);
        if (!row) return;
        let status: string | undefined = row.status;
        // BullMQ gave up on a job whose processor never recorded it (e.g. it stalled too often).
        if (status === 'running' && error && row.locked_by) status = await failAttempt(ctx.db, row.id, row.locked_by, error, nowIso(), nowIso());
        if (status === 'queued') await add(entryId, row.max_attempts, settings.retryBaseMs);
      };
      const settleLogged = (entryId: number, error?: string) => {
        settle(entryId, error).catch((err) => log.error(err, 'media worker: could not hand a job back to BullMQ'));
      };

      const worker = new BullWorker<Data>(BULLMQ_QUEUE_NAME, processor, {
        connection: connect({ maxRetriesPerRequest: null }), // BullMQ's blocking reads need it
        prefix,
        concurrency: 1, // ffmpeg uses every core already
        lockDuration: settings.leaseMs,
        stalledInterval: Math.max(500, Math.floor(settings.leaseMs / 2)),
        // Each stalled restart counts as an attempt on the row, which fails the job itself after max attempts.
        maxStalledCount: settings.maxAttempts,
      });
      worker.on('completed', (job) => settleLogged(job.data.entryId));
      worker.on('failed', (job, err) => {
        if (job) settleLogged(job.data.entryId, err.message);
      });
      worker.on('error', (err) => log.error(err, 'media worker: BullMQ error'));

      let swept = 0;
      const reconcile = async () => {
        for (const row of await listUnfinishedJobs(ctx.db)) await add(row.entry_id, row.max_attempts, settings.retryBaseMs);
        if (Date.now() - swept > SWEEP_EVERY_MS) {
          swept = Date.now();
          await sweepOrphanRenditions(ctx);
        }
      };
      let running = Promise.resolve();
      const tick = () => {
        running = running.then(reconcile).catch((err) => log.error(err, 'media worker: reconciliation with BullMQ failed'));
      };
      tick();
      const timer = setInterval(tick, RECONCILE_EVERY_MS);
      log.info(`media worker ${id} started (BullMQ queue ${prefix}:${BULLMQ_QUEUE_NAME})`);

      const handle: Worker = {
        id,
        stop: async () => {
          workers.delete(handle);
          clearInterval(timer);
          const closed = worker.close(); // takes no new job; waits for the running one
          stop.abort(); // which hands its film back without using an attempt
          await closed;
          await running;
        },
      };
      workers.add(handle);
      return handle;
    },

    async close() {
      closed = true;
      await Promise.all([...workers].map((w) => w.stop()));
      await queue?.close();
      // Connections passed to BullMQ are ours to close.
      await Promise.all(connections.map((c) => c.quit().catch(() => c.disconnect())));
      connections.length = 0;
    },
  };
}
