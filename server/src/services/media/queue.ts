import type { MediaQueueKind, MediaSettings } from '../../config';
import type { AppContext } from '../../context';
import type { MediaJob } from '../../db/repos/media';
import { databaseQueue } from './queue-database';
import type { Log, Worker } from './worker';

/**
 * Where transcoding jobs are scheduled. The job row (repos/media.ts) is always the record organisers see:
 * status, progress, attempts, last error, outputs. The queue decides when and where each row runs:
 * - `database` (default): workers lease due rows straight from the table (worker.ts).
 * - `bullmq`: BullMQ on Redis holds one job per film (retries, back-off, stalled-worker recovery), and its
 *   workers run the row (queue-bullmq.ts). Every process of one site must use the same kind.
 */
export interface JobQueue {
  readonly kind: MediaQueueKind;
  /** Schedules a row enqueueTranscode has just written as queued (a new film, or an organiser's re-run). */
  enqueue(job: MediaJob, settings: MediaSettings): Promise<void>;
  /** Starts a worker (in the server, or in `npm run worker`); stopping it hands its running job back. */
  startWorker(ctx: AppContext, settings: MediaSettings, log: Log): Worker;
  /** Stops this process's workers and closes the queue's connections. */
  close(): Promise<void>;
}

/** `redisPrefix` is the site's REDIS_PREFIX (config.ts): BullMQ's keys are `<prefix>:media-transcode:*`. */
export async function createJobQueue(settings: Pick<MediaSettings, 'queue'>, redisUrl: string | undefined, redisPrefix: string): Promise<JobQueue> {
  if (settings.queue === 'database') return databaseQueue();
  if (!redisUrl) throw new Error('MEDIA_QUEUE=bullmq needs REDIS_URL (the Redis that BullMQ keeps its jobs in)');
  // Loaded only when chosen: the embedded set-up never loads BullMQ.
  const { bullmqQueue } = await import('./queue-bullmq');
  return bullmqQueue(redisUrl, redisPrefix);
}
