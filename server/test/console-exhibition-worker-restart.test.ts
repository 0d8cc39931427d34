import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUpload } from '../src/db/repos/submission/uploads';
import { createTestUser, DIALECTS, makeFilm, startTestApp, type TestApp } from './factories';
import { exitCodeOf, spawnWorker, workerEnv } from './media-helpers';
import { api, type Client, createUpload, credential, listen, patch } from './submission-client';

/**
 * The exhibition-video conversion on the media job queue: an organiser's upload becomes a job that a
 * worker process leases; the worker is killed in the middle of the conversion; a worker started afterwards
 * on the same host takes the job again as soon as it sees the first one's process gone (not at the end of the
 * lease) and publishes the video exactly once.
 */
describe.each(DIALECTS)('exhibition video conversion survives a worker restart (%s)', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let tmp: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { demoContent: false }); // no worker in the server: the worker processes do the work
    admin = { base: await listen(t), token: (await createTestUser(t.ctx, { role: 'admin', verified: true })).token };
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-exrestart-'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('a worker killed mid-conversion: the next worker finishes the job, and it is published once', async () => {
    // Long enough at 1080p MPEG-4 that the first worker is still encoding when it is killed.
    const film = await makeFilm(path.join(tmp, 'ceremony.mov'), { width: 1920, height: 1080, seconds: 8, codec: 'mpeg4', quality: 20, sound: 'pcm' });
    const data = fs.readFileSync(film);
    const cred = await credential(admin, 'exhibitionVideo', data.length, 'ceremony.mov');
    const created = await createUpload(admin, cred.body.data.credential, data.length, 'exhibitionVideo');
    const location = created.headers.get('location') as string;
    const id = location.split('/').pop() as string;
    const done = await patch(admin, location, 0, data);
    expect(done.status).toBe(200);
    expect((await api(admin, 'GET', `/api/admin/exhibition-video/${id}`)).body.data.status).toBe('processing');

    // A 10-minute lease: the next worker can only take the job up in time because it sees the first one's process gone.
    const env = workerEnv(t, { MEDIA_LEASE_MS: '600000', MEDIA_RETRY_BASE_MS: '0' });
    const first = spawnWorker(env);
    // Killed (with its ffmpeg) once it holds the job.
    await expect.poll(async () => (await findUpload(t.ctx.db, id))?.locked_by ?? null, { timeout: 60_000 }).not.toBeNull();
    const taken = await findUpload(t.ctx.db, id);
    const gone = exitCodeOf(first);
    process.kill(-(first.pid as number), 'SIGKILL');
    await gone;
    expect(taken).toMatchObject({ status: 'processing', attempts: 1 });

    const second = spawnWorker(env);
    try {
      await expect
        .poll(async () => (await api(admin, 'GET', `/api/admin/exhibition-video/${id}`)).body.data.status, { timeout: 120_000, interval: 200 })
        .toBe('published');
    } finally {
      const stopped = exitCodeOf(second);
      second.kill('SIGTERM');
      await stopped;
    }
    const row = await findUpload(t.ctx.db, id);
    expect(row).toMatchObject({ status: 'published', attempts: 2, locked_by: null });
    expect(row?.locked_by).not.toBe(taken?.locked_by);
    const published = fs.readdirSync(path.join(t.ctx.config.dataDir, 'media', 'exhibitions'));
    expect(published).toHaveLength(1);
    expect(row?.public_url).toBe(`/media/exhibitions/${published[0]}/video.mp4`);
    const res = await fetch(`${admin.base}${row?.public_url}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // The private original is gone once the video is published.
    expect(fs.readdirSync(path.join(t.ctx.config.dataDir, 'uploads')).filter((f) => f.startsWith(id))).toEqual([]);
  }, 240_000);
});
