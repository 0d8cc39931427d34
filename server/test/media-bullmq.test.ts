import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaSettings } from '../src/config';
import type { AppContext, Log } from '../src/context';
import { findJobByEntry, type MediaJob } from '../src/db/repos/media';
import { enqueueTranscode } from '../src/services/media/jobs';
import { mediaPaths } from '../src/services/media/paths';
import { BULLMQ_QUEUE_NAME, bullmqJobId } from '../src/services/media/queue-bullmq';
import { corruptFilm, createTestUser, insertEntry, makeAviOrMov, newEntrant, openSubmissions, startTestApp, submitEntry } from './factories';
import { exitCodeOf, ffprobeJson, killMidJob, listDir, spawnWorker, testSettings, workerEnv } from './media-helpers';
import { api } from './submission-client';

/**
 * The media queue at scale: BullMQ on a real Redis (TEST_REDIS_URL; .ci/run sets it when 127.0.0.1:6379
 * answers). Every key lives under this file's own prefix, removed at the end, so runs never collide.
 * SQLite only, like media-encode: real encodes on a shared 2-core machine.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const PREFIX = `mfc-test-${process.pid}-${randomBytes(4).toString('hex')}`;

type App = Awaited<ReturnType<typeof startBullmqApp>>;

/** A test app whose media queue is BullMQ under this file's prefix, with a worker log tests can read. */
async function startBullmqApp(media: Partial<MediaSettings> = {}) {
  const t = await startTestApp('sqlite', { demoContent: false, redisUrl: REDIS_URL, redisPrefix: PREFIX, media: { queue: 'bullmq', ...media } });
  const logged: string[] = [];
  const log: Log = { info: (msg) => logged.push(msg), error: (err, msg) => logged.push(`ERROR ${msg}: ${String(err)}`) };
  return { ...t, log, logged };
}

/** Redis connections the media queue of this file holds open right now (they carry its name). */
async function queueClients(): Promise<number> {
  const redis = new Redis(REDIS_URL as string);
  const list = (await redis.client('LIST')) as string;
  await redis.quit();
  return list.split('\n').filter((l) => l.includes(` name=${PREFIX}-media `)).length;
}

async function settled(ctx: AppContext, entryId: number): Promise<MediaJob> {
  for (;;) {
    const job = await findJobByEntry(ctx.db, entryId);
    if (job?.status === 'done' || job?.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** BullMQ's own event stream for this file's queue: which jobs became active, completed or failed. */
async function watchEvents() {
  const connection = new Redis(REDIS_URL as string, { maxRetriesPerRequest: null });
  const events = new QueueEvents(BULLMQ_QUEUE_NAME, { connection, prefix: PREFIX });
  await events.waitUntilReady();
  const seen: string[] = [];
  for (const name of ['active', 'delayed', 'completed', 'failed'] as const) events.on(name, ({ jobId }: { jobId: string }) => seen.push(`${name} ${jobId}`));
  return {
    seen,
    close: async () => {
      await events.close();
      await connection.quit().catch(() => undefined);
    },
  };
}

// Skipped, under this name, when no Redis is given (TEST_REDIS_URL=redis://127.0.0.1:6379 runs it).
describe.skipIf(!REDIS_URL)('media queue on BullMQ (needs TEST_REDIS_URL)', () => {
  afterAll(async () => {
    const redis = new Redis(REDIS_URL as string);
    const keys = await redis.keys(`${PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  describe('media jobs on BullMQ (sqlite)', () => {
    let t: App;
    let userId: number;
    let renditionsDir: string;
    const stops: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      t = await startBullmqApp();
      userId = (await createTestUser(t.ctx)).id;
      renditionsDir = mediaPaths(t.ctx.config.dataDir).renditions;
    });
    afterEach(async () => {
      for (const stop of stops.splice(0)) await stop();
    });
    afterAll(async () => t?.close());

    const startWorker = (over = {}) => {
      const worker = t.ctx.mediaQueue.startWorker(t.ctx, testSettings(over), t.log);
      stops.push(worker.stop);
      return worker;
    };
    const fileOf = (url: string | null) => path.join(renditionsDir, (url ?? '').replace(/^\/media\/r\//, ''));
    const stateOf = async (entryId: number) => {
      const connection = new Redis(REDIS_URL as string);
      const queue = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix: PREFIX });
      try {
        return { state: await queue.getJobState(bullmqJobId(entryId)), counts: await queue.getJobCounts() };
      } finally {
        await queue.close();
        await connection.quit();
      }
    };

    it('transcodes a submitted film through BullMQ into the same renditions', async () => {
      const film = fs.readFileSync(await makeAviOrMov(t.db.dataDir, 'mov'));
      const entrant = await newEntrant(t, await openSubmissions(t));
      const { id: entryId } = await submitEntry(entrant, { film, names: { video: 'film.mov' }, form: { title: 'Queued on Redis', group: 'student' } });

      // Submission handed the film to BullMQ: one job under the film's id, waiting for a worker.
      expect(await stateOf(entryId)).toMatchObject({ state: 'waiting', counts: { waiting: 1, active: 0 } });
      expect(await findJobByEntry(t.ctx.db, entryId)).toMatchObject({ status: 'queued', attempts: 0 });

      startWorker();
      const job = await settled(t.ctx, entryId);
      expect(job.last_error).toBeNull();
      expect(job).toMatchObject({ status: 'done', progress: 100, attempts: 1 });
      const master = fs.readFileSync(fileOf(job.hls_url), 'utf8');
      const variants = master.split('\n').filter((l) => l.endsWith('.m3u8'));
      expect(variants.sort()).toEqual(['1080p/index.m3u8', '360p/index.m3u8', '720p/index.m3u8']);
      const mp4 = await ffprobeJson(fileOf(job.mp4_url));
      expect(mp4.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
      expect(fs.existsSync(fileOf(job.poster_url))).toBe(true);
      // The entrant and the public see the same state as with the database queue.
      const status = await api(entrant, 'GET', `/api/media/entries/${entryId}`);
      expect(status.body.data).toMatchObject({ status: 'done', progress: 100, hls: job.hls_url, mp4: job.mp4_url });
      // Finished jobs leave Redis; the row is the record.
      expect((await stateOf(entryId)).state).toBe('unknown');
      expect(t.logged.filter((l) => l.startsWith('ERROR'))).toEqual([]);
    }, 240_000);

    it('queues a film twice as one job, run once even with two workers waiting', async () => {
      // Queue mechanics (the subject is the BullMQ job and the row), so a bare entry row and a film fed to the queue.
      const entryId = await insertEntry(t.ctx, userId, { status: 'approved' });
      const src = await makeAviOrMov(t.db.dataDir, 'avi');
      await enqueueTranscode(t.ctx, entryId, src, testSettings());
      await enqueueTranscode(t.ctx, entryId, src, testSettings());
      expect((await stateOf(entryId)).counts).toMatchObject({ waiting: 1, delayed: 0, active: 0 });

      const events = await watchEvents();
      try {
        startWorker();
        startWorker();
        const job = await settled(t.ctx, entryId);
        expect(job).toMatchObject({ status: 'done', attempts: 1, last_error: null });
        while (!events.seen.includes(`completed ${bullmqJobId(entryId)}`)) await new Promise((r) => setTimeout(r, 50));
        expect(events.seen.filter((e) => e.endsWith(` ${bullmqJobId(entryId)}`))).toEqual([
          `active ${bullmqJobId(entryId)}`,
          `completed ${bullmqJobId(entryId)}`,
        ]);
      } finally {
        await events.close();
      }
    }, 240_000);

    it('finishes a film exactly once after its worker process is killed in the middle (stalled job)', async () => {
      // Crash recovery of the job row and its BullMQ job: a bare entry row is enough.
      const entryId = await insertEntry(t.ctx, userId, { status: 'approved' });
      const src = await makeAviOrMov(t.db.dataDir, 'avi');
      const before = listDir(renditionsDir);
      await enqueueTranscode(t.ctx, entryId, src, testSettings({ maxAttempts: 3 }));
      const env = workerEnv(t, { MEDIA_QUEUE: 'bullmq', MEDIA_QUEUE_PREFIX: PREFIX, REDIS_URL: REDIS_URL as string, MEDIA_MAX_ATTEMPTS: '3' });
      // `npm run worker` in its own process group, so the kill takes ffmpeg down with it, as a crashed machine would.
      await killMidJob(t.ctx, entryId, spawnWorker(env));
      expect(await findJobByEntry(t.ctx.db, entryId)).toMatchObject({ status: 'running', attempts: 1, hls_url: null });
      expect((await stateOf(entryId)).state).toBe('active'); // BullMQ still thinks it runs, until its lock runs out

      const second = spawnWorker(env);
      const job = await settled(t.ctx, entryId);
      const stopped = exitCodeOf(second);
      second.kill('SIGTERM');
      expect(await stopped).toBe(0); // closes BullMQ and Redis, then exits by itself
      expect(job).toMatchObject({ status: 'done', attempts: 2, last_error: null });
      // Published once: one new rendition folder, and the dead worker's half-written folder is gone.
      expect(listDir(renditionsDir).filter((n) => !before.includes(n))).toEqual([job.output]);
      expect(listDir(mediaPaths(t.ctx.config.dataDir).work)).toEqual([]);
      expect(fs.existsSync(fileOf(job.hls_url))).toBe(true);
      expect((await stateOf(entryId)).state).toBe('unknown');
    }, 240_000);

    it('fails a corrupt film after the configured attempts, error recorded; a re-run queues it afresh', async () => {
      // A corrupt film cannot pass the submission checks, so it goes straight to the queue on a bare entry row.
      const entryId = await insertEntry(t.ctx, userId, { status: 'approved' });
      const settings = testSettings({ maxAttempts: 2, retryBaseMs: 200 });
      await enqueueTranscode(t.ctx, entryId, corruptFilm(t.db.dataDir), settings);
      const events = await watchEvents();
      try {
        startWorker({ maxAttempts: 2, retryBaseMs: 200 });
        const job = await settled(t.ctx, entryId);
        expect(job).toMatchObject({ status: 'failed', attempts: 2, hls_url: null });
        expect(job.last_error).toBeTruthy();
        while (!events.seen.includes(`failed ${bullmqJobId(entryId)}`)) await new Promise((r) => setTimeout(r, 50));
        // Two attempts, the second after BullMQ's back-off (delayed), then failed for good.
        expect(events.seen.filter((e) => e.endsWith(` ${bullmqJobId(entryId)}`))).toEqual(
          ['active', 'delayed', 'active', 'failed'].map((e) => `${e} ${bullmqJobId(entryId)}`),
        );
        expect((await stateOf(entryId)).state).toBe('unknown');
      } finally {
        await events.close();
      }
      for (const stop of stops.splice(0)) await stop();

      // The organiser's re-run goes through the same queue: a fresh job, a fresh count of attempts.
      const admin = await createTestUser(t.ctx, { role: 'admin', verified: true });
      const rerun = await t.app.inject({ method: 'POST', url: `/api/media/entries/${entryId}/transcode`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(rerun.json()).toMatchObject({ code: 0, data: { status: 'queued', attempts: 0 } });
      expect((await stateOf(entryId)).state).toBe('waiting');
    }, 240_000);
  });

  describe('the server with MEDIA_QUEUE=bullmq', () => {
    it('runs jobs in its own BullMQ worker and closes its connections on close', async () => {
      const s = await startBullmqApp({ worker: true, maxAttempts: 1 });
      let closed = false;
      try {
        const user = await createTestUser(s.ctx);
        // Only whether the server's own worker takes a job: a bare entry row with a corrupt film is enough.
        const entryId = await insertEntry(s.ctx, user.id);
        await enqueueTranscode(s.ctx, entryId, corruptFilm(s.db.dataDir));
        // Nobody here starts a worker: the server's own took the job.
        expect(await settled(s.ctx, entryId)).toMatchObject({ status: 'failed', attempts: 1 });
        expect(await queueClients()).toBeGreaterThan(0);
        await s.close();
        closed = true;
        expect(await queueClients()).toBe(0);
      } finally {
        if (!closed) await s.close();
      }
    }, 120_000);
  });
});
