import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, filesUnder, makeImage, startTestApp, type TestApp } from './factories';

/**
 * The article editor's server side: every stored body passes the sanitiser (news, pages, exhibitions, read
 * back through the console and the public API), and the media library checks, re-encodes and keeps the
 * images the bodies show, refusing to delete one still in use.
 */

/** Everything a hostile or careless paste could carry into a body. */
const HOSTILE =
  '<h2 style="color:red">Rules</h2><p onclick="steal()">Read <strong>this</strong><script>alert(1)</script>' +
  '<img src="x" onerror="alert(2)"><img src="data:image/png;base64,iVBORw0KGgo="><a href="javascript:alert(3)">run</a>' +
  '<a href="JaVaScRiPt&#58;alert(4)">run again</a><a href="data:text/html;base64,PHNjcmlwdD4=">data link</a>' +
  '<a href="https://example.org/rules">the rules</a></p><iframe src="https://evil.example/"></iframe><form action="/x"><input name="p"></form>' +
  '<p style="background:url(javascript:alert(5))"><span style="position:fixed">over</span></p>';

/** Stripped of every one of those, with the formatting and the safe link kept. */
const CLEANED =
  '<h2>Rules</h2><p>Read <strong>this</strong><a>run</a><a>run again</a><a>data link</a><a href="https://example.org/rules">the rules</a></p><p><span>over</span></p>';

const expectClean = (html: string) => {
  for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', 'style=', '<iframe', 'data:', '<form', '<input'])
    expect(html.toLowerCase()).not.toContain(bad);
};

let photo: Buffer;
beforeAll(async () => {
  photo = await sharp(await makeImage(3000, 1500, 'jpeg'))
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Artist: 'hidden-artist' } })
    .toBuffer();
});

describe.each(DIALECTS)('article bodies and the media library on %s', (dialect) => {
  let t: TestApp;
  let admin: { token: string; id: number };
  let user: { token: string; id: number };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await createTestUser(t.ctx, { role: 'admin' });
    user = await createTestUser(t.ctx);
  });
  afterAll(async () => t?.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin.token) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'x-locale': 'en-US' }, ...(payload ? { payload } : {}) });
  const send = (data: Buffer | string, token: string | null = admin.token, name = 'photo.jpg') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/media-library?name=${encodeURIComponent(name)}`,
      headers: { 'content-type': 'application/octet-stream', 'x-locale': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: data,
    });
  const visitor = (url: string, locale = 'en-US') => t.app.inject({ method: 'GET', url, headers: { 'x-locale': locale } });
  const libraryDir = () => path.join(t.ctx.config.dataDir, 'media', 'library');
  const library = async () => (await api('GET', '/api/admin/media-library')).json().data as { id: number; url: string; uses: number; name: string }[];

  const article = (body: string, enBody = body) => ({
    coverUrl: '/media/seed/news-1.jpg',
    publishedAt: new Date(Date.now() - 1000).toISOString(),
    sort: 0,
    i18n: { 'zh-CN': { title: '征片规则', summary: '摘要', body }, 'zh-TW': {}, 'en-US': { title: 'Rules', summary: 'Summary', body: enBody } },
  });
  const newsItem = (body: string, enBody = body) => ({ ...article(body, enBody), category: 'announcement', status: 'published' });
  const exhibition = (body: string) => ({ ...article(body), mediaUrl: null });

  it('cleans a hostile body in a news item: the console and the public page read it back without anything that runs', async () => {
    const res = await api('POST', '/api/admin/content/news', newsItem(HOSTILE));
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    const stored = (await api('GET', `/api/admin/content/news/${id}`)).json().data.i18n;
    expect(stored['en-US'].body).toBe(CLEANED);
    expect(stored['zh-CN'].body).toBe(CLEANED);
    // zh-TW is filled from the cleaned zh-CN text, so the conversion cannot bring anything back.
    expectClean(stored['zh-TW'].body);
    const pub = await visitor(`/api/news/${id}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.body).toBe(CLEANED);
  });

  it('cleans the bodies of pages and exhibitions the same way', async () => {
    const page = await api('PUT', '/api/admin/pages/aboutUs', {
      i18n: { 'zh-CN': { title: '关于', body: HOSTILE }, 'zh-TW': {}, 'en-US': { title: 'About', body: HOSTILE } },
      extra: {},
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.i18n['en-US'].body).toBe(CLEANED);
    expect((await api('POST', '/api/admin/pages/aboutUs/publish', { published: true })).statusCode).toBe(200);
    expect((await visitor('/api/pages/aboutUs')).json().data.body).toBe(CLEANED);

    const ex = await api('POST', '/api/admin/content/exhibitions', exhibition(HOSTILE));
    expect(ex.statusCode).toBe(200);
    expect((await visitor(`/api/exhibitions/${ex.json().data.id}`)).json().data.body).toBe(CLEANED);
  });

  it('keeps everything the editor makes: headings, marks, lists, quotes, http(s) and mailto links, library images', async () => {
    // The shape of the editor's output (TipTap: list items and quotes hold paragraphs).
    const made =
      '<h2>Prizes</h2><h3>First</h3><h4>Note</h4><p><strong>Bold</strong> and <em>italic</em>, ' +
      '<a href="https://example.org/a?b=1&amp;c=2">a page</a>, <a href="http://example.org">plain web</a>, <a href="mailto:jury@example.org">mail us</a>.</p>' +
      '<ul><li><p>one</p></li><li><p>two</p></li></ul><ol><li><p>first</p></li></ol><blockquote><p>A quote.</p></blockquote>' +
      '<img src="/media/library/0123456789abcdef01234567.jpg" alt="The jury at work" width="1920" height="960"><p></p>';
    const res = await api('POST', '/api/admin/content/news', newsItem(made));
    expect(res.json().data.i18n['en-US'].body).toBe(made.replace('height="960">', 'height="960" />'));
  });

  it('uploads a library image: re-encoded to the article size without its metadata, served from the site, resized on request', async () => {
    const res = await send(photo, admin.token, 'jury at work.jpg');
    expect(res.statusCode).toBe(200);
    const image = res.json().data;
    expect(image.url).toMatch(/^\/media\/library\/[a-f0-9]{24}\.jpg$/);
    expect([image.width, image.height, image.format, image.name, image.uses]).toEqual([1920, 960, 'jpg', 'jury at work.jpg', 0]);
    const served = await visitor(image.url);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1920, 960, undefined]);
    expect(served.rawPayload.includes('hidden-artist')).toBe(false);
    expect(photo.includes('hidden-artist')).toBe(true);
    // The library's thumbnails and srcsets come from the resizer like every other public image.
    const small = await visitor(`/media/img/320/${image.url.slice('/media/'.length)}.webp`);
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
  });

  it('reuses one library image in a news item and an exhibition, and refuses to delete it while either shows it', async () => {
    const image = (await send(await makeImage(800, 600, 'png'), admin.token, 'poster.png')).json().data;
    const body = `<p>See:</p><img src="${image.url}" alt="Poster" width="800" height="600">`;
    const news = (await api('POST', '/api/admin/content/news', newsItem(body, '<p>English text without it</p>'))).json().data;
    const ex = (await api('POST', '/api/admin/content/exhibitions', exhibition(body))).json().data;
    expect((await visitor(`/api/news/${news.id}`, 'zh-CN')).json().data.body).toContain(`<img src="${image.url}" alt="Poster"`);
    expect((await visitor(`/api/exhibitions/${ex.id}`)).json().data.body).toContain(`<img src="${image.url}"`);
    expect((await library()).find((i) => i.id === image.id)?.uses).toBe(2);

    const refused = await api('DELETE', `/api/admin/media-library/${image.id}`);
    expect([refused.statusCode, refused.json().code, refused.json().data?.values?.count]).toEqual([409, 6070, 2]);
    expect(refused.json().msg).toBe('This image is still used in 2 item(s); remove it from their texts before deleting it');
    expect((await library()).some((i) => i.id === image.id)).toBe(true);
    expect((await visitor(image.url)).statusCode).toBe(200);

    // Taken out of both texts, the image can go: its row and its file.
    await api('PUT', `/api/admin/content/news/${news.id}`, newsItem('<p>No picture now</p>'));
    expect((await library()).find((i) => i.id === image.id)?.uses).toBe(1);
    await api('PUT', `/api/admin/content/exhibitions/${ex.id}`, exhibition('<p>No picture now</p>'));
    expect((await api('DELETE', `/api/admin/media-library/${image.id}`)).statusCode).toBe(200);
    expect((await library()).some((i) => i.id === image.id)).toBe(false);
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, image.url))).toBe(false);
    expect((await visitor(image.url)).statusCode).toBe(404);
    const gone = await api('DELETE', `/api/admin/media-library/${image.id}`);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 6071]);
  });

  it('refuses truncated, forged and unsupported files with their codes, writing neither a file nor a row', async () => {
    const jpeg = await makeImage(400, 300, 'jpeg');
    const png = await makeImage(400, 300, 'png');
    // A real PNG whose picture data was overwritten: every chunk still in place, nothing decodes.
    const forged = Buffer.from(png);
    const idat = forged.indexOf('IDAT');
    forged.fill(0x5a, idat + 8, idat + 200);
    const cases: [string, Buffer | string, number, number][] = [
      ['jpeg cut short', jpeg.subarray(0, jpeg.length - 200), 422, 5008],
      ['png cut in half', png.subarray(0, Math.floor(png.length / 2)), 422, 5008],
      ['jpeg signature on noise', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7), Buffer.from([0xff, 0xd9])]), 422, 5008],
      ['png with forged picture data', forged, 415, 6020],
      ['text named .jpg', 'hello, not an image at all', 415, 6020],
      ['svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 415, 5009],
      ['over 5 MB', Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]), 413, 5002],
      ['empty', Buffer.alloc(0), 400, 6022],
    ];
    const files = filesUnder(libraryDir());
    const rows = await library();
    for (const [label, data, status, code] of cases) {
      const res = await send(data);
      expect([label, res.statusCode, res.json().code], label).toEqual([label, status, code]);
    }
    expect(filesUnder(libraryDir())).toEqual(files);
    expect(await library()).toEqual(rows);
  });

  it('keeps the library to the organiser: visitors and entrants can neither list, upload nor delete', async () => {
    const files = filesUnder(libraryDir());
    expect((await send(photo, null)).statusCode).toBe(401);
    expect((await send(photo, user.token)).statusCode).toBe(403);
    expect((await api('GET', '/api/admin/media-library', undefined, user.token)).statusCode).toBe(403);
    const [first] = await library();
    if (first) expect((await api('DELETE', `/api/admin/media-library/${first.id}`, undefined, user.token)).statusCode).toBe(403);
    expect(filesUnder(libraryDir())).toEqual(files);
  });
});
