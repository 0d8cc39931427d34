import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, newEntrant, openSubmissions, startTestApp, submitEntry, type TestApp } from './factories';

const meta = (html: string, prop: string) => new RegExp(`<meta (?:property|name)="${prop}" content="([^"]*)"`).exec(html)?.[1];

/**
 * Link previews: every page's head names a 1200x630 share image drawn with the contest's identity; an entry's
 * shows its cover, number and title. Served from memory and drawn again after a console change. Walked with an
 * entry submitted through the API and approved in the console, and the identity saved through the console.
 */
describe.each(DIALECTS)('share images on %s', (dialect) => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await createTestUser(t.ctx, { role: 'admin' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const image = async (absolute: string | undefined) => {
    expect(absolute).toMatch(/^http:\/\/contest\.test\/api\//);
    const res = await get((absolute as string).replace('http://contest.test', ''));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const info = await sharp(res.rawPayload).metadata();
    expect([info.width, info.height]).toEqual([1200, 630]);
    return res.rawPayload;
  };

  it('/home and /gallery name their own image in og:image and twitter:image; a console change redraws it', async () => {
    const home = (await get('/en-US/home')).body;
    expect(meta(home, 'og:image')).toBe('http://contest.test/api/site/share-image?page=home&amp;locale=en-US');
    expect(meta(home, 'twitter:image')).toBe(meta(home, 'og:image'));
    expect(meta(home, 'twitter:card')).toBe('summary_large_image');
    const gallery = (await get('/zh-TW/gallery')).body;
    expect(meta(gallery, 'og:image')).toBe('http://contest.test/api/site/share-image?page=gallery&amp;locale=zh-TW');
    const before = await image(meta(home, 'og:image')?.replace('&amp;', '&'));
    expect(Buffer.compare(before, await image(meta(gallery, 'og:image')?.replace('&amp;', '&')))).not.toBe(0);

    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/identity', headers: { authorization: `Bearer ${admin.token}` } })).json().data;
    const body = { ...current, primaryColor: '#B4232A', i18n: { ...current.i18n, 'en-US': { ...current.i18n['en-US'], siteName: 'Harbour Film Week' } } };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/identity', headers: { authorization: `Bearer ${admin.token}` }, payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await image(meta(home, 'og:image')?.replace('&amp;', '&'));
    expect(Buffer.compare(before, after)).not.toBe(0);
    expect((await get('/api/site/share-image?page=nope&locale=en-US')).statusCode).toBe(400);
  }, 60_000);

  it("an entry's page names the entry's image, which shows its cover; a pending entry has none (2100)", async () => {
    const entry = await submitEntry(await newEntrant(t, await openSubmissions(t)));
    expect((await get(`/api/gallery/entries/${entry.id}/share-image?locale=en-US`)).json().code).toBe(2100);
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/entries/${entry.id}/approve`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(approved.statusCode).toBe(200);
    const html = (await get(`/en-US/gallery/${entry.id}`)).body;
    expect(meta(html, 'og:image')).toBe(`http://contest.test/api/gallery/entries/${entry.id}/share-image?locale=en-US`);
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    const png = await image(meta(html, 'og:image'));
    // The cover fills the left square: its pixels are the cover's, not the navy ground of the text side.
    const { data } = await sharp(png).extract({ left: 0, top: 0, width: 630, height: 630 }).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
    const { data: ground } = await sharp(png).extract({ left: 1190, top: 620, width: 10, height: 10 }).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).not.toEqual([...ground.subarray(0, 3)]);
  }, 120_000);
});
