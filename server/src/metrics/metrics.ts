import cluster from 'node:cluster';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db, PoolStats } from '../db/database';
import { countMediaJobsByStatus } from '../db/repos/metrics';

const MEDIA_STATES = ['queued', 'running', 'done', 'failed'];

/**
 * The Prometheus metrics of one process (served by plugins/metrics.ts). One registry per context, so
 * several apps in one process (tests) never share counters. Request, vote and upload figures are counted
 * where requests are answered; media job durations by the worker that ran them; mail by the mailer; media
 * job states and the pool are read at each scrape.
 */
export function createMetrics(db: Db, poolStats: PoolStats) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // With WORKERS > 1 a scrape is answered by whichever HTTP worker takes it: the label says which (cluster/primary.ts).
  if (cluster.worker) registry.setDefaultLabels({ worker: String(cluster.worker.id) });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'microfilm_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'microfilm_http_request_duration_seconds',
      help: 'Time from request to response, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    votes: new Counter({
      name: 'microfilm_votes_total',
      help: 'Votes cast, by outcome: accepted, or the name of the refusal code (VoteDuplicate, CaptchaRequired...)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    uploadsStarted: new Counter({ name: 'microfilm_uploads_started_total', help: 'Resumable uploads created', registers }),
    uploadsFinished: new Counter({
      name: 'microfilm_uploads_finished_total',
      help: 'Uploads whose last byte arrived, by outcome: accepted, or refused by the checks of the bytes',
      labelNames: ['outcome'] as const,
      registers,
    }),
    uploadBytes: new Counter({ name: 'microfilm_upload_bytes_total', help: 'Bytes received by accepted upload chunks (PATCH)', registers }),
    uploadsActive: new Gauge({ name: 'microfilm_uploads_active', help: 'Upload chunks (PATCH) being received by this process now', registers }),
    mediaJobDuration: new Histogram({
      name: 'microfilm_media_job_duration_seconds',
      help: 'Media jobs run by this process, by result (done, retry, failed, lost, released)',
      labelNames: ['result'] as const,
      buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200, 3600],
      registers,
    }),
    mediaJobs: new Gauge({
      name: 'microfilm_media_jobs',
      help: 'Media jobs in the database, by state (all instances)',
      labelNames: ['state'] as const,
      registers,
      async collect() {
        const rows = await countMediaJobsByStatus(db).catch(() => undefined); // a database outage leaves the last figures
        if (!rows) return;
        for (const state of MEDIA_STATES) this.set({ state }, rows.find((r) => r.status === state)?.n ?? 0);
      },
    }),
    mail: new Counter({
      name: 'microfilm_mail_messages_total',
      help: 'E-mail messages handed to the mail transport, by result (sent, failed)',
      labelNames: ['result'] as const,
      registers,
    }),
    dbPool: new Gauge({
      name: 'microfilm_db_pool_connections',
      help: 'Database connections: total and idle in the pool, and requests waiting for one',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
