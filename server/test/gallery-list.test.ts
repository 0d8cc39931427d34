import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from './factories';

/** Gallery reads: list (groups, search, sorts, pages), detail, head for sharing, video ranges, poster. */
const list = async (t: TestApp, qs: string) => (await t.app.inject({ url: `/api/gallery?${qs}` })).json().data;

describe.each(DIALECTS)('gallery reads on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 120_000);
  afterAll(async () => t?.close());

  it('the demo seed has >= 24 approved entries in both groups, each with images and a film published by the media pipeline', async () => {
    const rows = await t.ctx.db.selectFrom('entries').selectAll().where('status', '=', 'approved').execute();
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(new Set(rows.map((r) => r.group))).toEqual(new Set(['open', 'student']));
    for (const r of rows) expect(r.cover_url && r.video_cover_url && r.team_logo_url).toBeTruthy();
    // The film comes from the entry answer (the pipeline's outputs), as it does for a submitted entry.
    const entry = (await t.app.inject({ url: `/api/gallery/entries/${rows[0]?.id}` })).json().data;
    expect(entry.film).toMatchObject({ status: 'done', hls: expect.stringMatching(/^\/media\/r\/[a-f0-9]{24}\/master\.m3u8$/) });
    const video = await t.app.inject({ url: entry.film.mp4, headers: { range: 'bytes=100-199' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-range']).toMatch(/^bytes 100-199\/\d+$/);
    expect(video.rawPayload).toHaveLength(100);
    const head = await t.app.inject({ url: entry.film.mp4, headers: { range: 'bytes=0-11' } });
    expect(head.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const playlist = await t.app.inject({ url: entry.film.hls });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-STREAM-INF');
    // Every entry has its own published folder, so removing one entry's media leaves the others playing.
    const others = await Promise.all(rows.slice(1, 4).map(async (r) => (await t.app.inject({ url: `/api/gallery/entries/${r.id}` })).json().data.film.hls));
    expect(new Set([entry.film.hls, ...others]).size).toBe(4);
  });

  it('pages of 10, group tabs, search by number or title, three sorts', async () => {
    const all = await list(t, 'page=1');
    expect(all.items).toHaveLength(10);
    expect(all.pageSize).toBe(10);
    const student = await list(t, 'group=student&pageSize=50');
    expect(student.total).toBeGreaterThan(0);
    expect(student.items.every((e: { group: string }) => e.group === 'student')).toBe(true);
    expect(student.total + (await list(t, 'group=open')).total).toBe(all.total);
    const byNo = await list(t, 'q=7');
    expect(byNo.items.map((e: { entryNo: number }) => e.entryNo)).toContain(7);
    const byTitle = await list(t, `q=${encodeURIComponent('crypto')}`);
    expect(byTitle.items.map((e: { title: string }) => e.title)).toEqual(['Crypto Dreams']);
    expect((await list(t, `q=${encodeURIComponent('100%_')}`)).total).toBe(0);
    const votes = (await list(t, 'sort=votes&pageSize=50')).items.map((e: { voteCount: number }) => e.voteCount);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    const numbers = (await list(t, 'sort=number&pageSize=50')).items.map((e: { entryNo: number }) => e.entryNo);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const page3 = await list(t, 'page=3&sort=number');
    expect(page3.items[0].entryNo).toBe(21);
    expect((await t.app.inject({ url: '/api/gallery?sort=random' })).json().code).toBe(1000);
  });

  it('detail of an approved entry with neighbours; pending or missing -> 2100 / 404', async () => {
    const res = (await t.app.inject({ url: '/api/gallery/entries/2' })).json().data;
    expect(res).toMatchObject({ id: 2, entryNo: 2, prevId: 1, nextId: 3, voted: false, votingOpen: true });
    expect(res.description.length).toBeGreaterThan(10);
    await t.ctx.db.updateTable('entries').set({ status: 'pending' }).where('id', '=', 5).execute();
    const pending = await t.app.inject({ url: '/api/gallery/entries/5' });
    expect(pending.statusCode).toBe(404);
    expect(pending.json().code).toBe(2100);
    expect((await t.app.inject({ url: '/api/gallery/entries/4' })).json().data.nextId).toBe(6);
    const html = await t.app.inject({ url: '/gallery/5' });
    expect(html.statusCode).toBe(404);
    await t.ctx.db.updateTable('entries').set({ status: 'approved' }).where('id', '=', 5).execute();
  });

  it('the page /gallery/{id} carries the entry in its head: og:image is its share image (cover, number, title)', async () => {
    const entry = await t.ctx.db.selectFrom('entries').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
    const res = await t.app.inject({ url: '/en-US/gallery/3' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:image" content="http://contest.test/api/gallery/entries/3/share-image?locale=en-US"');
    expect(res.body).toContain('<meta property="og:type" content="video.other"');
    expect(res.body).toContain('name="twitter:card" content="summary_large_image"');
    expect(res.body).toContain(entry.title);
  });

  it('the poster is a PNG whose QR code is the entry URL in the requested locale', async () => {
    const res = await t.app.inject({ url: '/api/gallery/entries/3/poster?locale=zh-TW' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(res.rawPayload);
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toBe('http://contest.test/zh-TW/gallery/3');
    expect((await t.app.inject({ url: '/api/gallery/entries/99999/poster' })).json().code).toBe(2100);
  });

  it('a poster that cannot be drawn (broken cover file) answers 2101, "refresh and retry"', async () => {
    const entry = await t.ctx.db.selectFrom('entries').select('cover_url').where('id', '=', 4).executeTakeFirstOrThrow();
    fs.writeFileSync(path.join(t.db.dataDir, (entry.cover_url as string).replace(/^\//, '')), 'not an image');
    const res = await t.app.inject({ url: '/api/gallery/entries/4/poster', headers: { 'x-locale': 'en-US' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 2101, msg: 'Failed to generate the share picture, please refresh and retry' });
  });
});
