import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, newEntrant, openSubmissions, publishedNews, startTestApp, submitEntry, type TestApp } from './factories';
import { listen } from './submission-client';

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request over a real socket, the body as sent (not decompressed): inject would bypass the server's listener. */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Every header but Date (and the connection's own), which Node writes per response. */
function sent(res: Raw) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = res.headers;
  return rest;
}

/**
 * The fast path: a cache hit of a public answer is replayed from the server's request listener,
 * before Fastify. Over real HTTP: the replay is the app's own response (status, headers but Date, body, in
 * every encoding), 304 too; a console write shows at the next read; locales, tokens and cookies never get
 * another request's answer; HEAD; the request counter moves. The cache's clock is moved, nothing sleeps.
 */
describe.each(DIALECTS)('response fast path on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: { token: string };
  let clock = 1_000_000;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.app.responseCache.now = () => clock;
    admin = await createTestUser(t.ctx, { role: 'admin' });
    base = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const hits = () => t.app.responseFastPath?.hits ?? -1;
  /** Past every lifetime: the next read of each key is computed by the app again. */
  const stale = () => {
    clock += 10_000;
  };
  /** The first request is the app's, the second the fast path's: both returned, and the hit checked. */
  async function appThenFast(path: string, headers: Record<string, string> = {}, method = 'GET') {
    stale();
    const before = hits();
    const slow = await raw(base, path, headers, method);
    expect(hits(), `${method} ${path} first`).toBe(before);
    const fast = await raw(base, path, headers, method);
    expect(hits(), `${method} ${path} second`).toBe(before + 1);
    return { slow, fast };
  }

  it('replays the app answer byte for byte, in identity, gzip and brotli', async () => {
    const urls = ['/api/gallery?page=1', '/api/news?page=1', '/home', '/gallery', '/en-US/home'];
    for (const url of urls) {
      for (const encoding of [undefined, 'gzip', 'br']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const { slow, fast } = await appThenFast(url, headers);
        expect(slow.status, url).toBe(200);
        expect(fast.status, url).toBe(200);
        expect(sent(fast), `${url} ${encoding}`).toEqual(sent(slow));
        expect(fast.body.equals(slow.body), `${url} ${encoding}`).toBe(true);
        expect(fast.headers['content-security-policy'], url).toContain(url.startsWith('/api/') ? "default-src 'none'" : "script-src 'self'");
        expect(fast.headers.date, url).toBeDefined();
        if (encoding === 'br') expect(zlib.brotliDecompressSync(fast.body).length).toBeGreaterThan(0);
        if (encoding === 'gzip') expect(zlib.gunzipSync(fast.body).length).toBeGreaterThan(0);
      }
    }
  });

  it('keeps each encoding apart', async () => {
    const identity = (await appThenFast('/gallery')).fast;
    expect(identity.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const before = hits();
      const res = await raw(base, '/gallery', { 'accept-encoding': encoding });
      expect(hits(), encoding).toBe(before); // not the identity replay: the app answered
      expect(res.headers['content-encoding']).toBe(encoding);
    }
    // Another header naming the same choice is the same answer.
    const before = hits();
    expect((await raw(base, '/gallery', { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    expect(hits()).toBe(before + 1);
  });

  it('answers 304 as the app does, and the full answer to a tag that no longer matches', async () => {
    const first = (await appThenFast('/api/news?page=1')).fast;
    const etag = first.headers.etag as string;
    const before = hits();
    const slow304 = await raw(base, '/api/news?page=1', { 'if-none-match': etag });
    expect(slow304.status).toBe(304);
    expect(hits()).toBe(before); // the app's first 304 for this key
    const fast304 = await raw(base, '/api/news?page=1', { 'if-none-match': etag });
    expect(fast304.status).toBe(304);
    expect(hits()).toBe(before + 1);
    expect(fast304.body.length).toBe(0);
    expect(sent(fast304)).toEqual(sent(slow304));
    const other = await raw(base, '/api/news?page=1', { 'if-none-match': '"other"' });
    expect(other.status).toBe(200);
    expect(hits()).toBe(before + 2);
    expect(other.body.equals(first.body)).toBe(true);
  });

  it('shows a console write at the next read, and nothing past its lifetime', async () => {
    const url = '/api/news?page=1&pageSize=4';
    const en = { 'x-locale': 'en-US' };
    const { fast } = await appThenFast(url, en);
    const title = `Fast path night ${dialect}`;
    expect(fast.body.toString()).not.toContain(title);
    const created = await fetch(`${base}/api/admin/content/news`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(publishedNews(title, '快速之夜')),
    });
    expect(created.status).toBe(200);
    const before = hits();
    const after = await raw(base, url, en); // the clock has not moved: only the write explains the change
    expect(hits()).toBe(before);
    expect(JSON.parse(after.body.toString()).data.items[0].title).toBe(title);
    expect((await raw(base, url, en)).body.equals(after.body)).toBe(true);
    expect(hits()).toBe(before + 1);
    // Past the lifetime the app answers again.
    stale();
    await raw(base, url, en);
    expect(hits()).toBe(before + 1);
  });

  it('never gives one locale another locale’s answer', async () => {
    const url = '/api/news?page=1';
    const en = (await appThenFast(url, { 'x-locale': 'en-US' })).fast;
    for (const headers of [{ 'x-locale': 'zh-CN' }, { 'accept-language': 'zh-TW' }, { 'x-locale': 'zh-TW', 'accept-language': 'en-US' }] as Record<
      string,
      string
    >[]) {
      const before = hits();
      const other = await raw(base, url, headers);
      expect(hits(), JSON.stringify(headers)).toBe(before); // a key of its own: the app answered
      expect(other.body.equals(en.body), JSON.stringify(headers)).toBe(false);
    }
    const pageEn = (await appThenFast('/home', { 'accept-language': 'en-US' })).fast.body.toString();
    const before = hits();
    const pageZh = (await raw(base, '/home', { 'accept-language': 'zh-CN' })).body.toString();
    expect(hits()).toBe(before);
    expect(pageEn).toContain('lang="en-US"');
    expect(pageZh).toContain('lang="zh-CN"');
  });

  it('leaves requests with a token, a cookie or a body to the app', async () => {
    await appThenFast('/api/gallery?page=1');
    const before = hits();
    await raw(base, '/api/gallery?page=1', { authorization: 'Bearer not-a-real-token' });
    await raw(base, '/api/gallery?page=1', { cookie: 'something=else' });
    await raw(base, '/api/gallery?page=1', { 'content-type': 'application/json', 'content-length': '2' }, 'GET', '{}');
    expect(hits()).toBe(before);
  });

  it('replays the entry to a visitor with no cookie, viewed cookie included; a visitor with cookies gets the app', async () => {
    // The subject: an entry submitted through the API and approved in the console; the other page a gallery neighbour.
    const entrant = await newEntrant(t, await openSubmissions(t));
    const entry = (await submitEntry(entrant)).id;
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/entries/${entry}/approve`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(approved.statusCode, approved.body).toBe(200);
    const second = (JSON.parse((await raw(base, '/api/gallery?page=1')).body.toString()).data.items as { id: number }[]).find((i) => i.id !== entry)?.id;
    const path = `/api/gallery/entries/${entry}`;
    const { slow, fast } = await appThenFast(path, { 'accept-encoding': 'br' });
    expect(sent(fast)).toEqual(sent(slow));
    expect(fast.body.equals(slow.body)).toBe(true);
    expect(fast.headers['cache-control']).toBe('private, no-cache');
    const viewed = fast.headers['set-cookie']?.find((c) => c.startsWith('mfc_viewed='));
    expect(viewed, 'the viewed cookie, as the app sets it').toBe(slow.headers['set-cookie']?.find((c) => c.startsWith('mfc_viewed=')));
    // That cookie is the app's own: sent back with another entry's page, the app adds to it.
    const cookie = (viewed as string).split(';')[0] as string;
    const before = hits();
    const other = await raw(base, `/api/gallery/entries/${second}`, { cookie });
    const next = await raw(base, `/api/gallery/entries/${second}`, { cookie });
    expect(hits()).toBe(before);
    expect(other.status).toBe(200);
    expect(next.headers['set-cookie']?.find((c) => c.startsWith('mfc_viewed='))).toMatch(new RegExp(`^mfc_viewed=${second}\\.${entry}\\.`));
  });

  it('answers HEAD with the app’s headers and no body', async () => {
    const get = (await appThenFast('/api/news?page=1')).fast;
    const { slow, fast } = await appThenFast('/api/news?page=1', {}, 'HEAD');
    expect(fast.status).toBe(200);
    expect(fast.body.length).toBe(0);
    expect(sent(fast)).toEqual(sent(slow));
    expect(fast.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('counts each hit in microfilm_http_requests_total for its route and status', async () => {
    await appThenFast('/api/gallery?page=1');
    const count = async () =>
      (await t.ctx.metrics.httpRequests.get()).values.find((v) => v.labels.route === '/api/gallery' && v.labels.status === '200' && v.labels.method === 'GET')
        ?.value ?? 0;
    const before = await count();
    const hitsBefore = hits();
    await raw(base, '/api/gallery?page=1');
    expect(hits()).toBe(hitsBefore + 1);
    expect(await count()).toBe(before + 1);
  });
});
