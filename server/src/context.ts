import type { Config } from './config';
import type { Db, DialectName } from './db/database';
import type { Mailer } from './mail/mailer';
import type { JobQueue } from './services/media/queue';
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
  /** Uploaded originals (local disk or S3) and processed public files. */
  storage: Storage;
  /** Where media transcoding jobs are scheduled (the database by default, BullMQ when MEDIA_QUEUE=bullmq). */
  mediaQueue: JobQueue;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
