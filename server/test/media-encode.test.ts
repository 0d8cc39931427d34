import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resizedImageUrl } from '../../common/media';
import { findJobByEntry } from '../src/db/repos/media';
import { enqueueTranscode, removeEntryMedia } from '../src/services/media/jobs';
import { mediaPaths } from '../src/services/media/paths';
import {
  createTestUser,
  type Entrant,
  insertEntry,
  makeAviOrMov,
  makeFilm,
  newEntrant,
  openSubmissions,
  startTestApp,
  submitEntry,
  type TestApp,
} from './factories';
import { exitCodeOf, ffprobeJson, killMidJob, listDir, runUntilSettled, spawnWorker, testSettings, topLevelBoxes, workerEnv } from './media-helpers';

/**
 * Real encodes with Debian's ffmpeg. SQLite only and one file, so the shared 2-core machine never runs two
 * encode suites at once (the job-queue rules themselves are tested on both databases in media-jobs).
 */
describe('media transcoding (sqlite)', () => {
  let t: TestApp;
  let userId: number;
  let renditionsDir: string;
  let entrant: Entrant;
  let admin: { token: string };

  beforeAll(async () => {
    t = await startTestApp('sqlite', { demoContent: false });
    userId = (await createTestUser(t.ctx)).id;
    renditionsDir = mediaPaths(t.ctx.config.dataDir).renditions;
    entrant = await newEntrant(t, await openSubmissions(t));
    admin = await createTestUser(t.ctx, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const fileOf = (url: string | null) => path.join(renditionsDir, (url ?? '').replace(/^\/media\/r\//, ''));

  it.each(['avi', 'mov'] as const)(
    'turns a submitted %s film into three HLS renditions, a faststart MP4 and a poster',
    async (kind) => {
      // Submitted through the API (tus upload of the original, then the form), which queues its job; then approved.
      const film = fs.readFileSync(await makeAviOrMov(t.db.dataDir, kind));
      const { id: entryId } = await submitEntry(entrant, { film, names: { video: `film.${kind}` } });
      expect(await findJobByEntry(t.ctx.db, entryId)).toMatchObject({ status: 'queued', attempts: 0 });
      const approved = await t.app.inject({
        method: 'POST',
        url: `/api/admin/entries/${entryId}/approve`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(approved.statusCode).toBe(200);
      const job = await runUntilSettled(t.ctx, entryId, testSettings());
      expect(job.last_error).toBeNull();
      expect(job).toMatchObject({ status: 'done', progress: 100, attempts: 1 });
      expect(job.duration).toBeCloseTo(2, 0);

      const master = fs.readFileSync(fileOf(job.hls_url), 'utf8');
      const variants = master.split('\n').filter((l) => l.endsWith('.m3u8'));
      expect(variants).toHaveLength(3);
      const sizes: string[] = [];
      for (const v of variants) {
        const playlist = path.join(path.dirname(fileOf(job.hls_url)), v);
        const segment = fs
          .readFileSync(playlist, 'utf8')
          .split('\n')
          .find((l) => l.endsWith('.ts')) as string;
        const info = await ffprobeJson(path.join(path.dirname(playlist), segment));
        const video = info.streams.find((s) => s.codec_type === 'video');
        expect(video?.codec_name).toBe('h264');
        expect(info.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
        sizes.push(`${video?.width}x${video?.height}`);
      }
      expect(sizes.sort()).toEqual(['1280x720', '1920x1080', '640x360']);

      const mp4 = fileOf(job.mp4_url);
      const boxes = topLevelBoxes(mp4);
      expect(boxes).toContain('mdat');
      expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      const mp4Info = await ffprobeJson(mp4);
      expect(mp4Info.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);

      const poster = await sharp(fileOf(job.poster_url)).metadata();
      expect(poster).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
      const preview = await sharp(fileOf(job.preview_url)).metadata();
      expect(preview).toMatchObject({ format: 'jpeg', width: 1600, height: 180 });

      // Served publicly with long cache headers and byte ranges.
      const res = await t.app.inject({ url: job.hls_url as string });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/mpegurl/);
      expect(res.headers['cache-control']).toContain('immutable');
      const range = await t.app.inject({ url: job.mp4_url as string, headers: { range: 'bytes=0-99' } });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.length).toBe(100);
      expect(range.headers['content-type']).toBe('video/mp4');

      // The poster is also offered small, for cards and phones.
      const small = await t.app.inject({ url: resizedImageUrl(job.poster_url as string, 320, 'webp') as string });
      expect(small.statusCode).toBe(200);
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 180 });

      // Removed with its entry.
      await removeEntryMedia(t.ctx, entryId);
      expect(fs.existsSync(path.dirname(fileOf(job.hls_url)))).toBe(false);
      expect((await t.app.inject({ url: job.hls_url as string })).statusCode).toBe(404);
    },
    180_000,
  );

  it('gives a small silent film only the renditions it fills, never upscaled', async () => {
    // Straight to the queue: the submission checks take only 1920x1080, so a 360p film cannot come through the form.
    const entryId = await insertEntry(t.ctx, userId, { status: 'approved' });
    const src = path.join(t.db.dataDir, 'silent.mp4');
    await makeFilm(src, { width: 640, height: 360, seconds: 2, rate: 25, picture: 'testsrc2' });
    await enqueueTranscode(t.ctx, entryId, src, testSettings());
    const job = await runUntilSettled(t.ctx, entryId, testSettings());
    expect(job.last_error).toBeNull();
    const master = fs.readFileSync(fileOf(job.hls_url), 'utf8');
    expect(master.split('\n').filter((l) => l.endsWith('.m3u8'))).toEqual(['360p/index.m3u8']);
    const mp4 = await ffprobeJson(fileOf(job.mp4_url));
    expect(mp4.streams.map((s) => `${s.codec_name} ${s.width}x${s.height}`)).toEqual(['h264 640x360']);
    await removeEntryMedia(t.ctx, entryId);
  }, 120_000);

  it('finishes a job exactly once after its worker is killed in the middle', async () => {
    // The subject is the job row's lease and recovery, so the entry is a bare row and the film goes straight to the queue.
    const entryId = await insertEntry(t.ctx, userId, { status: 'approved' });
    const src = await makeAviOrMov(t.db.dataDir, 'avi');
    await enqueueTranscode(t.ctx, entryId, src, testSettings({ maxAttempts: 3 }));
    const env = workerEnv(t, { MEDIA_POLL_MS: '100' });
    await killMidJob(t.ctx, entryId, spawnWorker(env));
    const mid = await findJobByEntry(t.ctx.db, entryId);
    expect(mid).toMatchObject({ status: 'running', attempts: 1, hls_url: null });

    const second = spawnWorker(env);
    let job = mid;
    while (job?.status !== 'done' && job?.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 100));
      job = await findJobByEntry(t.ctx.db, entryId);
    }
    const stopped = exitCodeOf(second);
    second.kill('SIGTERM');
    await stopped;
    expect(job).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    // Published once: one rendition folder, and the dead worker's half-written folder is gone.
    expect(listDir(renditionsDir)).toEqual([job?.output]);
    expect(listDir(mediaPaths(t.ctx.config.dataDir).work)).toEqual([]);
    expect(fs.existsSync(fileOf(job?.hls_url ?? null))).toBe(true);
  }, 240_000);
});
