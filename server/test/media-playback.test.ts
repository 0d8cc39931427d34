import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, type Entrant, newEntrant, openSubmissions, startTestApp, submitEntry, type TestApp } from './factories';
import { runUntilSettled, testSettings } from './media-helpers';
import { api, type Client } from './submission-client';

/**
 * A film an entrant submits through the API (real tus uploads) is transcoded by the worker, approved in the
 * console, and then plays from the gallery's entry answer; a rejection takes it off every public address.
 * Nothing here is seeded: the demo is off, so the entry under test is the product's own.
 */
type Film = { status: string; hls: string | null; mp4: string | null; poster: string | null };

describe.each(DIALECTS)('a submitted film plays, a rejected one is no longer served (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let entrant: Entrant;
  let admin: Client;
  let entryId: number;

  const get = (url: string) => fetch(`${base}${url}`);
  /** The status of a GET, with the body read so no response is left open on the connection. */
  const statusOf = async (url: string) => {
    const res = await get(url);
    await res.arrayBuffer();
    return res.status;
  };
  const galleryFilm = async () => ((await (await get(`/api/gallery/entries/${entryId}`)).json()) as { data: { film: Film } }).data.film;
  /** Every public address of a published film: playlist, a segment, the MP4, the frames and a resized poster. */
  const addresses = async (f: Film) => {
    const playlist = await (await get(f.hls as string)).text();
    const variant = playlist.split('\n').find((l) => l.endsWith('.m3u8')) as string;
    const folder = (f.hls as string).replace(/master\.m3u8$/, '');
    const segment = (await (await get(`${folder}${variant}`)).text()).split('\n').find((l) => l.endsWith('.ts')) as string;
    const name = /\/media\/r\/([a-f0-9]{24})\//.exec(f.hls as string)?.[1];
    return [
      f.hls as string,
      `${folder}${variant.replace(/index\.m3u8$/, segment)}`,
      f.mp4 as string,
      `${folder}poster.jpg`,
      `${folder}preview.jpg`,
      `/media/renditions/${name}/film.mp4`,
      `/media/img/320/renditions/${name}/poster.jpg.webp`,
    ];
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { demoContent: false });
    base = await openSubmissions(t);
    entrant = await newEntrant(t, base);
    admin = { base, token: (await createTestUser(t.ctx, { role: 'admin' })).token };
    // Approved entries are public from the start of voting: the organiser opens it.
    const voting = { start: new Date(Date.now() - 3_600_000).toISOString(), end: new Date(Date.now() + 86_400_000).toISOString() };
    expect((await api(admin, 'PUT', '/api/admin/phases/voting', voting)).status).toBe(200);
    entryId = (await submitEntry(entrant)).id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('shows the waiting state, then the renditions the worker made, in the gallery entry answer', async () => {
    const review = await api(admin, 'GET', `/api/admin/entries/${entryId}`);
    expect(review.body.data.film).toMatchObject({ status: 'queued', hls: null, mp4: null });
    expect((await api(admin, 'POST', `/api/admin/entries/${entryId}/approve`)).status).toBe(200);
    expect(await galleryFilm()).toMatchObject({ status: 'queued', hls: null, mp4: null });

    const job = await runUntilSettled(t.ctx, entryId, testSettings());
    expect(job.status).toBe('done');
    // The public answer may be a second old (the response cache; a job's end is not an HTTP write): polled, as the page does.
    const ready = { status: 'done', hls: expect.stringMatching(/\/master\.m3u8$/), mp4: expect.stringMatching(/\/film\.mp4$/) };
    await expect.poll(galleryFilm, { timeout: 10_000 }).toMatchObject(ready);
    const f = await galleryFilm();
    expect(f).toMatchObject(ready);
    for (const url of await addresses(f)) expect(await statusOf(url), url).toBe(200);
    // The console's drawer plays the same renditions.
    expect((await api(admin, 'GET', `/api/admin/entries/${entryId}`)).body.data.film).toMatchObject({ status: 'done', hls: f.hls });
  });

  it('a transcode that fails for good shows the organiser why (list and drawer); the public sees only that it is not ready', async () => {
    const { id } = await submitEntry(await newEntrant(t, base), { form: { title: 'Broken Encoder' } });
    // The worker's ffmpeg is missing: every attempt fails, as a crashing encoder would.
    const job = await runUntilSettled(t.ctx, id, testSettings({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' }));
    expect(job.status).toBe('failed');
    const drawer = (await api(admin, 'GET', `/api/admin/entries/${id}`)).body.data.film;
    expect(drawer).toMatchObject({ status: 'failed', attempts: job.attempts, error: expect.stringContaining('/nonexistent/') });
    const list = (await api(admin, 'GET', '/api/admin/entries?status=pending&pageSize=50')).body.data.items;
    expect(list.find((e: { id: number }) => e.id === id)?.film).toEqual({ status: 'failed', progress: 0 });
    expect((await api(admin, 'POST', `/api/admin/entries/${id}/approve`)).status).toBe(200);
    const publicFilm = ((await (await get(`/api/gallery/entries/${id}`)).json()) as { data: { film: Film & { error: unknown } } }).data.film;
    expect(publicFilm).toMatchObject({ status: 'failed', hls: null, mp4: null, error: null });
  });

  it('a rejection takes the film off every address handed out while it was public; re-approval publishes it again', async () => {
    const before = await galleryFilm();
    const old = await addresses(before);
    const rejected = await api(admin, 'POST', `/api/admin/entries/${entryId}/reject`, { reason: 'Logo in the corner' });
    expect(rejected.status).toBe(200);
    for (const url of old) expect(await statusOf(url), url).toBe(404);
    expect(await statusOf(`/api/gallery/entries/${entryId}`)).toBe(404);
    expect(await statusOf(`/api/media/entries/${entryId}`)).toBe(404);

    // The entrant still sees their film, at addresses never given to the public.
    const mine = await api(entrant, 'GET', `/api/media/entries/${entryId}`);
    expect(mine.body.data.status).toBe('done');
    expect(mine.body.data.hls).not.toBe(before.hls);
    expect(await statusOf(mine.body.data.hls)).toBe(200);

    expect((await api(admin, 'POST', `/api/admin/entries/${entryId}/approve`)).status).toBe(200);
    const after = await galleryFilm();
    expect(after.hls).toBe(mine.body.data.hls);
    for (const url of await addresses(after)) expect(await statusOf(url), url).toBe(200);
  });
});
