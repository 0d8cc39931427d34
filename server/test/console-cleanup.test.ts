import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../src/services/cleanup/orphan-files';
import { createTestUser, DIALECTS, makeFilm, makeImage, startTestApp, type TestApp } from './factories';
import { testSettings } from './media-helpers';
import { api, beginUpload, type Client, createUpload, credential, listen, patch } from './submission-client';

/**
 * Cleanup: files the product made and then stopped referring to (a content image the organiser
 * replaced, an exhibition video converted but never saved, an upload left half-way) are removed once older
 * than a day; what is in use stays; the console dashboard shows the counts of the last sweep.
 */
const DAY = 86_400_000;

describe.each(DIALECTS)('orphaned files (%s)', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let tmp: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { demoContent: false, media: { ...testSettings(), worker: true } });
    admin = { base: await listen(t), token: (await createTestUser(t.ctx, { role: 'admin', verified: true })).token };
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-cleanup-'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const imageUpload = async (data: Buffer) => {
    const res = await fetch(`${admin.base}/api/admin/uploads/image?purpose=newsCover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(data),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { url: string } }).data.url;
  };
  const file = (url: string) => path.join(t.ctx.config.dataDir, url.replace(/^\/media\//, 'media/'));

  it('removes a replaced cover, an unsaved exhibition video and a half-finished upload; keeps what is used; the dashboard counts them', async () => {
    // News saved with a cover, then saved again with a new one: the first is orphaned.
    const first = await imageUpload(await makeImage(800, 600, 'jpeg'));
    const second = await imageUpload(await makeImage(640, 480, 'png'));
    const body = (coverUrl: string) => ({
      category: 'announcement',
      coverUrl,
      publishedAt: new Date().toISOString(),
      status: 'published',
      sort: 0,
      i18n: { 'zh-CN': { title: '封面更换', summary: '', body: '' }, 'zh-TW': {}, 'en-US': {} },
    });
    const created = await api(admin, 'POST', '/api/admin/content/news', body(first));
    expect(created.status).toBe(200);
    expect((await api(admin, 'PUT', `/api/admin/content/news/${created.body.data.id}`, body(second))).status).toBe(200);

    // An exhibition video converted by the worker, never saved into an exhibition.
    const video = fs.readFileSync(await makeFilm(path.join(tmp, 'clip.mp4'), { width: 320, height: 240, seconds: 1, sound: 'aac' }));
    const cred = await credential(admin, 'exhibitionVideo', video.length, 'clip.mp4');
    const location = (await createUpload(admin, cred.body.data.credential, video.length, 'exhibitionVideo')).headers.get('location') as string;
    expect((await patch(admin, location, 0, video)).status).toBe(200);
    const videoId = location.split('/').pop() as string;
    await expect
      .poll(async () => (await api(admin, 'GET', `/api/admin/exhibition-video/${videoId}`)).body.data.status, { timeout: 60_000, interval: 200 })
      .toBe('published');
    const videoUrl = (await api(admin, 'GET', `/api/admin/exhibition-video/${videoId}`)).body.data.url as string;

    // A film upload begun and abandoned half-way.
    const half = await beginUpload(admin, 'exhibitionVideo', video);
    expect((await patch(admin, half.location, 0, video.subarray(0, 100))).status).toBe(204);
    const halfFile = path.join(t.ctx.config.dataDir, 'uploads', half.id);
    expect(fs.existsSync(halfFile)).toBe(true);

    // Today nothing is old enough to go.
    const today = await sweepOrphanFiles(t.ctx);
    expect(Object.values(today.removed).every((n) => n === 0)).toBe(true);
    expect(fs.existsSync(file(first))).toBe(true);

    // Two days on (the sweep's clock; the files keep their real age), the orphans go and the rest stays.
    const later = await sweepOrphanFiles(t.ctx, Date.now() + 2 * DAY);
    expect(later.removed).toMatchObject({ contentImages: 1, exhibitionVideos: 1, abandonedUploads: 1 });
    expect(fs.existsSync(file(first))).toBe(false);
    expect(fs.existsSync(file(second))).toBe(true);
    expect(fs.existsSync(path.dirname(file(videoUrl)))).toBe(false);
    expect(fs.existsSync(halfFile)).toBe(false);
    expect((await fetch(`${admin.base}${second}`)).status).toBe(200);

    const dashboard = await api(admin, 'GET', '/api/admin/dashboard');
    expect(dashboard.body.data.cleanup).toEqual(later);
  }, 120_000);
});
