import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/database';
import { claimJob, findJobByEntry, heartbeat } from '../src/db/repos/media';
import { ffmpegAvailable } from '../src/services/media/ffmpeg';
import { enqueueEntryFilm, enqueueTranscode, getMediaStatus, getMediaStatuses, removeEntryMedia } from '../src/services/media/jobs';
import { mediaPaths } from '../src/services/media/paths';
import { sweepOrphanRenditions } from '../src/services/media/sweep';
import {
  corruptFilm,
  createTestUser,
  DIALECTS,
  insertEntry,
  newEntrant,
  openSubmissions,
  type SubmittedEntry,
  startTestApp,
  submitEntry,
  type TestApp,
} from './factories';
import { listDir, runUntilSettled, testSettings } from './media-helpers';

const later = (ms: number) => nowIso(new Date(Date.now() + ms));

/**
 * The job queue's own rules (one job per entry, leases, retries, back-off, sweeps) are tested on bare entry
 * rows with films fed straight to the queue: their subject is the job row, and corrupt or missing films cannot
 * come through the submission form. What an entry's people see of its film starts from a submitted entry.
 */
describe.each(DIALECTS)('media job queue (%s)', (dialect) => {
  let t: TestApp;
  let userId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { demoContent: false });
    userId = (await createTestUser(t.ctx)).id;
  });
  afterAll(async () => t?.close());

  it('keeps one job per entry: queuing again resets it instead of adding a second', async () => {
    const entryId = await insertEntry(t.ctx, userId);
    const first = await enqueueTranscode(t.ctx, entryId, '/nowhere/a.mp4', testSettings());
    const again = await enqueueTranscode(t.ctx, entryId, '/nowhere/b.mp4', testSettings({ maxAttempts: 5 }));
    expect(again.id).toBe(first.id);
    const rows = await t.ctx.db.selectFrom('media_jobs').selectAll().where('entry_id', '=', entryId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'queued', attempts: 0, max_attempts: 5, source_path: '/nowhere/b.mp4' });
    await removeEntryMedia(t.ctx, entryId);
  });

  it('gives a job to one worker at a time, and to another once the lease has run out', async () => {
    const entryId = await insertEntry(t.ctx, userId);
    await enqueueTranscode(t.ctx, entryId, '/nowhere/c.mp4', testSettings());
    const now = nowIso();
    const claims = await Promise.all(['w1', 'w2', 'w3'].map((w) => claimJob(t.ctx.db, w, now, later(60_000))));
    const winners = claims.filter((c) => c !== undefined);
    expect(winners).toHaveLength(1);
    const owner = winners[0]?.locked_by as string;
    expect(winners[0]).toMatchObject({ status: 'running', attempts: 1 });

    // Still leased: nobody else gets it, and only the owner may renew.
    expect(await claimJob(t.ctx.db, 'w9', nowIso(), later(60_000))).toBeUndefined();
    expect(await heartbeat(t.ctx.db, winners[0]?.id as number, 'w9', 50, nowIso(), later(60_000))).toBe(false);
    expect(await heartbeat(t.ctx.db, winners[0]?.id as number, owner, 50, nowIso(), later(60_000))).toBe(true);

    // The owner "dies": seen from a clock past the lease, the job is claimable again, by exactly one.
    const future = later(120_000);
    const retakes = await Promise.all(['w4', 'w5'].map((w) => claimJob(t.ctx.db, w, future, later(180_000))));
    const retaken = retakes.filter((c) => c !== undefined);
    expect(retaken).toHaveLength(1);
    expect(retaken[0]).toMatchObject({ attempts: 2, status: 'running' });
    // The dead owner's late heartbeat is refused, so it would abandon its work.
    expect(await heartbeat(t.ctx.db, retaken[0]?.id as number, owner, 60, nowIso(), later(60_000))).toBe(false);
    await removeEntryMedia(t.ctx, entryId);
  });

  it('records a corrupt film as failed after the set retries, with nothing left on disk', async () => {
    const entryId = await insertEntry(t.ctx, userId, { status: 'approved' });
    const src = corruptFilm(t.db.dataDir);
    await enqueueTranscode(t.ctx, entryId, src, testSettings({ maxAttempts: 3 }));
    const job = await runUntilSettled(t.ctx, entryId, testSettings({ maxAttempts: 3 }));
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(3);
    expect(job.last_error).toMatch(/ffprobe|video/i);
    expect(job.hls_url).toBeNull();
    const paths = mediaPaths(t.ctx.config.dataDir);
    expect(listDir(paths.renditions)).toEqual([]);
    expect(listDir(paths.work)).toEqual([]);

    // The organiser (and the entrant) see the failure; the public sees no details.
    const admin = await createTestUser(t.ctx, { role: 'admin' });
    const asAdmin = await t.app.inject({ url: `/api/media/entries/${entryId}`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(asAdmin.json().data).toMatchObject({ status: 'failed', hls: null, attempts: 3 });
    expect(asAdmin.json().data.error).toBe(job.last_error);
    const asPublic = await t.app.inject({ url: `/api/media/entries/${entryId}` });
    expect(asPublic.json().data).toMatchObject({ status: 'failed', error: null });
    await removeEntryMedia(t.ctx, entryId);
  });

  it('backs off between attempts', async () => {
    const entryId = await insertEntry(t.ctx, userId);
    const settings = testSettings({ maxAttempts: 3, retryBaseMs: 3_600_000 });
    await enqueueTranscode(t.ctx, entryId, corruptFilm(t.db.dataDir), settings);
    const { processNextJob, newWorkerId } = await import('../src/services/media/worker');
    await processNextJob(t.ctx, newWorkerId(), settings);
    const job = await findJobByEntry(t.ctx.db, entryId);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(Date.parse(job?.next_run_at as string)).toBeGreaterThan(Date.now() + 3_000_000);
    // Not due yet: a worker finds nothing to do.
    expect(await processNextJob(t.ctx, newWorkerId(), settings)).toBeUndefined();
    await removeEntryMedia(t.ctx, entryId);
  });

  describe('a submitted film on a server whose ffmpeg is missing', () => {
    // Its own app, asked to run the media worker with an ffmpeg that does not exist, as a server without
    // ffmpeg starts: the worker stays off, so nothing ever claims the film's job (and the queue tests of the
    // outer app never see it).
    let t: TestApp;
    let entry: SubmittedEntry;
    beforeAll(async () => {
      t = await startTestApp(dialect, { demoContent: false, media: { worker: true, ffmpeg: '/nonexistent/ffmpeg' } });
      entry = await submitEntry(await newEntrant(t, await openSubmissions(t)));
    }, 60_000);
    afterAll(async () => t?.close());

    it('hides an unapproved entry from the public and lets its entrant see it', async () => {
      const entryId = entry.id;
      const anon = await t.app.inject({ url: `/api/media/entries/${entryId}`, headers: { 'x-locale': 'en-US' } });
      expect(anon.statusCode).toBe(404);
      expect(anon.json()).toMatchObject({ code: 7001, msg: 'No film for this entry' });
      const other = await createTestUser(t.ctx);
      const asOther = await t.app.inject({ url: `/api/media/entries/${entryId}`, headers: { authorization: `Bearer ${other.token}` } });
      expect(asOther.statusCode).toBe(404);
      // Submission queued the film; its entrant sees it waiting.
      const mine = await t.app.inject({ url: `/api/media/entries/${entryId}`, headers: { authorization: `Bearer ${entry.owner.token}` } });
      expect(mine.json().data).toMatchObject({ status: 'queued', hls: null, mp4: null });
    });

    it('without ffmpeg an entry waits for processing, and its private original is never offered to play', async () => {
      expect(await ffmpegAvailable(path.join(t.db.dataDir, 'no-such-ffmpeg'))).toBe(false);
      const entryId = entry.id;
      const admin = await createTestUser(t.ctx, { role: 'admin' });
      const approved = await t.app.inject({
        method: 'POST',
        url: `/api/admin/entries/${entryId}/approve`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(approved.statusCode).toBe(200);
      const res = await t.app.inject({ url: `/api/media/entries/${entryId}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'queued', progress: 0, hls: null, mp4: null });
      // Approved entries are public from the start of voting: the organiser opens it.
      const hour = 3_600_000;
      const voting = { start: new Date(Date.now() - hour).toISOString(), end: new Date(Date.now() + hour).toISOString() };
      const opened = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/phases/voting',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: voting,
      });
      expect(opened.statusCode).toBe(200);
      const detail = await t.app.inject({ url: `/api/gallery/entries/${entryId}` });
      expect(detail.json().data.film).toMatchObject({ status: 'queued', hls: null, mp4: null });
      // The uploaded original is on disk, and nothing the public gets names it.
      const original = entry.files.video?.id as string;
      expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'uploads', original))).toBe(true);
      expect(res.body + detail.body).not.toContain(original);
    });
  });

  it('lets only an organiser re-run a job', async () => {
    // A failed job needs a corrupt film, which the submission checks refuse: so a bare row fed to the queue.
    const entryId = await insertEntry(t.ctx, userId, { status: 'approved' });
    const src = corruptFilm(t.db.dataDir);
    await enqueueTranscode(t.ctx, entryId, src, testSettings({ maxAttempts: 1 }));
    await runUntilSettled(t.ctx, entryId, testSettings({ maxAttempts: 1 }));
    const user = await createTestUser(t.ctx);
    const refused = await t.app.inject({ method: 'POST', url: `/api/media/entries/${entryId}/transcode`, headers: { authorization: `Bearer ${user.token}` } });
    expect(refused.statusCode).toBe(403);
    const admin = await createTestUser(t.ctx, { role: 'admin' });
    const res = await t.app.inject({ method: 'POST', url: `/api/media/entries/${entryId}/transcode`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'queued', attempts: 0, error: null });
    await removeEntryMedia(t.ctx, entryId);
    expect(await findJobByEntry(t.ctx.db, entryId)).toBeUndefined();
    expect(fs.existsSync(src)).toBe(true); // the original is the submission area's to keep or delete
  });

  it('reads the state of an entry through the service interface', async () => {
    await expect(getMediaStatus(t.ctx, 999_999)).rejects.toMatchObject({ code: 7001 });
    // An entry without a film (status 'none') cannot come through the form, which requires one: bare rows.
    const entryId = await insertEntry(t.ctx, userId);
    const queued = await insertEntry(t.ctx, userId);
    await enqueueTranscode(t.ctx, queued, '/nowhere/e.mp4', testSettings());
    const many = await getMediaStatuses(t.ctx, [entryId, queued, 999_999]);
    expect([...many.keys()].sort((a, b) => a - b)).toEqual([entryId, queued]);
    expect(many.get(entryId)).toMatchObject({ status: 'none', mp4: null });
    expect(many.get(queued)).toMatchObject({ status: 'queued', mp4: null });
    await removeEntryMedia(t.ctx, queued);
    // No uploaded film yet: nothing is queued.
    expect(await enqueueEntryFilm(t.ctx, entryId)).toBe(false);
    expect(await findJobByEntry(t.ctx.db, entryId)).toBeUndefined();
  });

  it('sweeps rendition folders no job refers to, once they are old enough', async () => {
    const dir = mediaPaths(t.ctx.config.dataDir).renditions;
    const make = (name: string, ageMs: number) => {
      fs.mkdirSync(path.join(dir, name), { recursive: true });
      fs.writeFileSync(path.join(dir, name, 'master.m3u8'), '#EXTM3U\n');
      const when = new Date(Date.now() - ageMs);
      fs.utimesSync(path.join(dir, name), when, when);
    };
    const kept = 'a'.repeat(24);
    const orphan = 'b'.repeat(24);
    const young = 'c'.repeat(24);
    make(kept, 7_200_000);
    make(orphan, 7_200_000);
    make(young, 0);
    const entryId = await insertEntry(t.ctx, userId);
    const job = await enqueueTranscode(t.ctx, entryId, '/nowhere/d.mp4', testSettings());
    await t.ctx.db.updateTable('media_jobs').set({ output: kept }).where('id', '=', job.id).execute();

    expect(await sweepOrphanRenditions(t.ctx)).toEqual([orphan]);
    expect(listDir(dir).sort()).toEqual([kept, young]);
    await removeEntryMedia(t.ctx, entryId);
    fs.rmSync(path.join(dir, young), { recursive: true });
    expect(listDir(dir)).toEqual([]);
  });
});
