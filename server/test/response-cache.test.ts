import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, publishedNews, solvedVote, startAppOn, startTestApp, type TestApp } from './factories';

/**
 * Public reads from memory: the cached answer is the uncached one, ETag/304, compressed forms,
 * Cache-Control, a console write shows at the next read, counts at most a second old (the cache's clock is
 * moved by the test, nothing sleeps), and nothing that depends on the visitor is shared.
 */
describe.each(DIALECTS)('public reads from memory on %s', (dialect) => {
  let t: TestApp;
  let plain: TestApp; // the same database, no cache: the answers as they were computed before
  let admin: { token: string };
  let clock = 1_000_000;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.app.responseCache.now = () => clock;
    plain = await startAppOn(t.db, { responseCache: { ttlMs: 0, countsTtlMs: 0, maxEntries: 10, staleWhileRevalidateS: 30 } });
    admin = await createTestUser(t.ctx, { role: 'admin' });
  });
  afterAll(async () => {
    await plain?.close();
    await t?.close();
  });

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });
  const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${admin.token}` } });
  const firstEntry = async () => (await get(t, '/api/gallery?page=1&sort=newest')).json().data.items[0] as { id: number; voteCount: number; title: string };
  /** The contest clock in /home's data is the server's time: the one part of two renders allowed to differ. */
  const clockless = (body: string) => body.replace(/"now":"[^"]+"/g, '"now":0');

  it('serves the same bytes as the uncached route, the second time from memory', async () => {
    const entry = await firstEntry();
    const news = (await get(plain, '/api/news?page=1')).json().data.items[0].id;
    const urls = ['/api/gallery?page=1', '/api/news?page=1', `/api/news/${news}`, `/api/gallery/entries/${entry.id}`, '/home', '/en-US/home', '/gallery'];
    for (const url of urls) {
      for (const headers of [{}, { 'x-locale': 'en-US', 'accept-language': 'en-US' }] as Record<string, string>[]) {
        const first = await get(t, url, headers);
        const size = t.app.responseCache.size;
        const second = await get(t, url, headers);
        const uncached = await get(plain, url, headers);
        expect(first.statusCode, url).toBe(200);
        expect(t.app.responseCache.size, url).toBe(size); // nothing new computed: the same key answered
        expect(second.body, url).toBe(first.body);
        expect(clockless(second.body), url).toBe(clockless(uncached.body));
        expect(second.headers['content-type'], url).toBe(uncached.headers['content-type']);
      }
    }
    // Locales are keyed apart: the English news list is not the Chinese one.
    expect((await get(t, '/api/news?page=1', { 'x-locale': 'en-US' })).body).not.toBe((await get(t, '/api/news?page=1', { 'x-locale': 'zh-CN' })).body);
  });

  it('answers 304 to a matching If-None-Match, and brotli or gzip to those who ask', async () => {
    for (const url of ['/api/gallery?page=1', '/api/news?page=1', '/home']) {
      const res = await get(t, url);
      const etag = res.headers.etag as string;
      expect(etag, url).toMatch(/^W\/".+"$/);
      const again = await get(t, url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect((await get(t, url, { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode, url).toBe(304);
      expect((await get(t, url, { 'if-none-match': '"other"' })).statusCode, url).toBe(200);
      const br = await get(t, url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString(), url).toBe(res.body);
      const gz = await get(t, url, { 'accept-encoding': 'br;q=0, gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString(), url).toBe(res.body);
      expect(br.headers.etag, url).toBe(etag);
    }
  });

  it('says who may keep each answer: CDNs the public ones, only the visitor their entry page', async () => {
    const entry = await firstEntry();
    const cc = async (url: string) => (await get(t, url)).headers;
    expect((await cc('/api/gallery?page=1'))['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=30');
    // The list's titles are the locale's (an entry's English title on English pages).
    expect((await cc('/api/gallery?page=1')).vary).toBe('accept-encoding, accept-language, x-locale');
    expect((await cc('/api/news?page=1'))['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30');
    expect((await cc('/api/news?page=1')).vary).toBe('accept-encoding, accept-language, x-locale');
    expect((await cc('/home'))['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=30');
    expect((await cc('/home')).vary).toBe('accept-encoding, accept-language');
    // Depends on the visitor (their vote, their viewed cookie): private, revalidated each time.
    expect((await cc(`/api/gallery/entries/${entry.id}`))['cache-control']).toBe('private, no-cache');
    // Not found is not a public answer, and an unknown page is not kept.
    expect((await cc('/api/gallery/entries/999999'))['cache-control']).toBeUndefined();
    const size = t.app.responseCache.size;
    expect((await get(t, '/no-such-page-at-all')).statusCode).toBe(404);
    expect(t.app.responseCache.size).toBe(size);
  });

  it('shows a console write at the next read, without waiting for the cache lifetime', async () => {
    const before = (await get(t, '/api/news?page=1&pageSize=4', { 'x-locale': 'en-US' })).json().data.items as { title: string }[];
    const homeBefore = (await get(t, '/en-US/home')).body;
    const title = `Peak night ${dialect}`;
    const created = await asAdmin('POST', '/api/admin/content/news', publishedNews(title, '高峰之夜'));
    expect(created.statusCode).toBe(200);
    expect(before.map((n) => n.title)).not.toContain(title);
    // The clock has not moved: only the write's invalidation explains the new answers.
    expect((await get(t, '/api/news?page=1&pageSize=4', { 'x-locale': 'en-US' })).json().data.items[0].title).toBe(title);
    expect((await get(t, `/api/news/${created.json().data.id}`, { 'x-locale': 'en-US' })).json().data.title).toBe(title);
    const homeAfter = (await get(t, '/en-US/home')).body;
    expect(homeBefore).not.toContain(title);
    expect(homeAfter).toContain(title);

    // Rejecting an entry takes it out of the cached list and its cached page at once.
    const entry = await firstEntry();
    expect((await get(t, `/api/gallery/entries/${entry.id}`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/entries/${entry.id}/reject`, { reason: 'Not on topic' })).statusCode).toBe(200);
    const ids = (await get(t, '/api/gallery?page=1&sort=newest')).json().data.items.map((i: { id: number }) => i.id);
    expect(ids).not.toContain(entry.id);
    expect((await get(t, `/api/gallery/entries/${entry.id}`)).json().code).toBe(2100);
  });

  it('shows a vote in the counts within a second, and "voted" only to the voter at once', async () => {
    const entry = await firstEntry();
    const voterKey = `cache-voter-${dialect}`;
    const cookie = `mfc_voter=${encodeURIComponent(t.app.signCookie(voterKey))}`;
    const before = await get(t, `/api/gallery/entries/${entry.id}`, { cookie });
    expect(before.json().data.voted).toBe(false);
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/gallery/entries/${entry.id}/vote`,
      headers: { cookie },
      payload: await solvedVote(t, '10.13.0.1'),
      remoteAddress: '10.13.0.1',
    });
    expect(vote.json().code).toBe(0);
    const count = async () =>
      ((await get(t, '/api/gallery?page=1&sort=newest')).json().data.items as { id: number; voteCount: number }[]).find((i) => i.id === entry.id)?.voteCount;
    // Within the second the shared list still has the old count (served from memory)...
    expect(await count()).toBe(entry.voteCount);
    // ...the voter sees their vote at once; another visitor and an anonymous one do not share that answer.
    const mine = await get(t, `/api/gallery/entries/${entry.id}`, { cookie });
    expect(mine.json().data.voted).toBe(true);
    const other = `mfc_voter=${encodeURIComponent(t.app.signCookie(`someone-else-${dialect}`))}`;
    expect((await get(t, `/api/gallery/entries/${entry.id}`, { cookie: other })).json().data.voted).toBe(false);
    expect((await get(t, `/api/gallery/entries/${entry.id}`)).json().data.voted).toBe(false);
    // A second later the counts are fresh.
    clock += 1001;
    expect(await count()).toBe(entry.voteCount + 1);
    expect((await get(t, `/api/gallery/entries/${entry.id}`)).json().data.voteCount).toBe(entry.voteCount + 1);
  });

  it('still marks the entry as viewed (the vote’s fraud signal) on cached answers and 304s', async () => {
    const entry = await firstEntry();
    const first = await get(t, `/api/gallery/entries/${entry.id}`);
    const viewed = first.cookies.find((c) => c.name === 'mfc_viewed');
    expect(viewed?.httpOnly).toBe(true);
    expect(t.app.unsignCookie(viewed?.value ?? '').valid).toBe(true);
    const again = await get(t, `/api/gallery/entries/${entry.id}`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.cookies.some((c) => c.name === 'mfc_viewed')).toBe(true);
    // A missing entry is not marked.
    const missing = await get(t, '/api/gallery/entries/999999');
    expect(missing.json().code).toBe(2100);
    expect(missing.cookies.some((c) => c.name === 'mfc_viewed')).toBe(false);
  });
});

describe('the anonymous GET /api/currentUser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('answers the same 401 envelope as before, in the visitor’s locale, and 1008 for a stale token', async () => {
    const res = await t.app.inject({ url: '/api/currentUser', headers: { 'x-locale': 'en-US' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 1009, msg: expect.any(String) });
    expect(res.json().msg).not.toBe((await t.app.inject({ url: '/api/currentUser', headers: { 'x-locale': 'zh-CN' } })).json().msg);
    const stale = await t.app.inject({ url: '/api/currentUser', headers: { authorization: 'Bearer nope' } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe(1008);
  });
});
