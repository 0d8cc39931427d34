import type { Config, MediaQueueKind, MediaSettings } from './config';
import type { Db, DialectName } from './db/database';
import type { MediaJob } from './db/repos/media';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics/metrics';
import type { VoteDesk } from './services/gallery/vote-desk';
import type { SmsSender } from './sms/sms';
import type { Storage } from './storage/index';

/**
 * What route handlers and services need from the outside world. Built once in bootstrap.ts and decorated
 * on the Fastify instance as `app.ctx`. Feature areas add their parts (storage, queues...) here.
 */
export type AppContext = {
  config: Config;
  db: Db;
  dialect: DialectName;
  mailer: Mailer;
  /** Texted voting codes (the outbox, Alibaba Cloud or Tencent Cloud SMS: SMS_PROVIDER). */
  sms: SmsSender;
  /** Uploaded originals (local disk or S3) and processed public files. */
  storage: Storage;
  /** Where media transcoding jobs are scheduled (the database by default, BullMQ when MEDIA_QUEUE=bullmq). */
  mediaQueue: JobQueue;
  /** This process's Prometheus metrics (metrics/metrics.ts), served by plugins/metrics.ts. */
  metrics: Metrics;
  /** The vote path's group commit and recent-vote counters (services/gallery/vote-desk.ts). */
  votes: VoteDesk;
};

/**
 * Where transcoding jobs are scheduled. The job row (repos/media.ts) is always the record organisers see:
 * status, progress, attempts, last error, outputs. The queue decides when and where each row runs:
 * - `database` (default): workers lease due rows straight from the table (services/media/worker.ts).
 * - `bullmq`: BullMQ on Redis holds one job per film (retries, back-off, stalled-worker recovery), and its
 *   workers run the row (queue-bullmq.ts). Every process of one site must use the same kind.
 * Declared here, not in services/media/, because its workers take the context: one file, no import cycle.
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

/** A running media worker. */
export type Worker = { id: string; stop: () => Promise<void> };

/** Where a media worker reports (Fastify's logger, or the CLI's console). */
export type Log = { info: (msg: string) => void; error: (obj: unknown, msg?: string) => void };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
