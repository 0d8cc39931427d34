import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../common/routes';
import { useTestApp } from './factories';

/** Server-rendered HTML shells: status, <html lang>, title, canonical, hreflang, Open Graph. */
describe('page HTML', () => {
  const t = useTestApp('sqlite');
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const meta = (html: string, prop: string) => new RegExp(`<meta (?:property|name)="${prop}" content="([^"]*)"`).exec(html)?.[1];

  it('redirects / and /{lang} to home', async () => {
    expect((await get('/')).headers.location).toBe('/home');
    expect((await get('/zh-TW')).headers.location).toBe('/zh-TW/home');
    expect((await get('/en-US/')).headers.location).toBe('/en-US/home');
  });

  it('answers every static route bare and prefixed with 200 and its title', async () => {
    for (const r of PAGE_ROUTES.filter((x) => !x.path.includes(':') && x.path !== '404' && x.path !== '500')) {
      const bare = await get(`/${r.path}`);
      expect(bare.statusCode, r.path).toBe(200);
      expect(bare.body).toContain('<html lang="zh-CN"');
      const en = await get(`/en-US/${r.path}`);
      expect(en.statusCode, `/en-US/${r.path}`).toBe(r.localized === false ? 404 : 200);
    }
  });

  it('renders the news item head in the prefixed locale, with og:image the cover', async () => {
    const res = await get('/en-US/events/1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en-US" dir="ltr">');
    expect(meta(res.body, 'og:title')).toBe('The third Anti-Fraud Micro-Film Contest opens');
    expect(meta(res.body, 'og:image')).toBe('http://contest.test/media/seed/news-1.jpg');
    expect(meta(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(res.body).toContain('<link rel="canonical" href="http://contest.test/en-US/events/1">');
    expect(res.body).toContain('hreflang="zh-TW" href="http://contest.test/zh-TW/events/1"');
    expect(res.body).toContain('hreflang="x-default" href="http://contest.test/events/1"');
  });

  it('uses Accept-Language for bare URLs', async () => {
    const res = await get('/events/1', { 'accept-language': 'zh-TW' });
    expect(res.body).toContain('<html lang="zh-TW"');
    expect(meta(res.body, 'og:title')).toBe('第三屆反詐騙微電影大賽正式啟動');
  });

  it('escapes stored text in the head', async () => {
    const row = await t.ctx.db.selectFrom('news').select('i18n').where('id', '=', 3).executeTakeFirstOrThrow();
    const i18n = JSON.parse(row.i18n);
    i18n['en-US'].title = '"><script>alert(1)</script>';
    await t.ctx.db
      .updateTable('news')
      .set({ i18n: JSON.stringify(i18n) })
      .where('id', '=', 3)
      .execute();
    const res = await get('/en-US/events/3');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('gives 404 for unknown paths, missing records and a prefixed /share', async () => {
    expect((await get('/en-US/nope')).statusCode).toBe(404);
    expect((await get('/nope/deeper')).statusCode).toBe(404);
    expect((await get('/events/999999')).statusCode).toBe(404);
    expect((await get('/zh-CN/share')).statusCode).toBe(404);
    expect((await get('/share')).statusCode).toBe(200);
    const notFound = await get('/en-US/nope');
    expect(notFound.body).toContain('<meta name="robots" content="noindex">');
  });

  it('sends the security headers with a CSP that allows no inline script', async () => {
    const res = await get('/home');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Every page, found or not, and the site's other documents: the full set.
    for (const url of ['/home', '/en-US/nope', '/robots.txt']) {
      const h = (await get(url)).headers;
      expect(h['content-security-policy'], url).toBe(csp);
      expect(h['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(h['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(h['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(h['cross-origin-resource-policy'], url).toBe('same-site');
      expect(h['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(h['cross-origin-embedder-policy'], url).toBeUndefined();
    }
    // API answers, errors included: the REST set, with a CSP under which nothing loads or frames them.
    for (const url of ['/api/news?page=1', '/api/news/999999', '/api/currentUser', '/api?x=1']) {
      const h = (await get(url)).headers;
      expect(h['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(h['x-frame-options'], url).toBe('DENY');
      expect(h['x-content-type-options'], url).toBe('nosniff');
      expect(h['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(h['cross-origin-resource-policy'], url).toBe('same-site');
      for (const pageOnly of ['cross-origin-opener-policy', 'referrer-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control'])
        expect(h[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
    }
    // Built scripts and stylesheets: no document headers (they mean nothing there and cost bytes per file);
    // a worker's script keeps the page's CSP, which is the one the worker runs under.
    for (const url of ['/dist/assets/main-x1.js', '/dist/assets/main-x1.css', '/dist/start-app.js']) {
      const h = (await get(url)).headers;
      expect(h['x-content-type-options'], url).toBe('nosniff');
      expect(h['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      for (const pageOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster'])
        expect(h[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
    }
    expect((await get('/dist/assets/pow-worker-x1.js')).headers['content-security-policy']).toBe(csp);
    // A path that only begins like the API is a page.
    expect((await get('/apiary')).headers['content-security-policy']).toBe(csp);
    // An uploaded or generated file keeps its own sandboxing policy over the site's.
    const media = (await get('/media/seed/news-1.jpg')).headers;
    expect(media['content-security-policy']).toMatch(/^default-src 'none';.*sandbox$/);
    expect(media['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('publishes robots.txt and a sitemap with every locale', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Sitemap: http://contest.test/sitemap.xml');
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>http://contest.test/zh-TW/events</loc>');
    expect(sitemap).toContain('<loc>http://contest.test/en-US/events/1</loc>');
    expect(sitemap).toContain('<loc>http://contest.test/share</loc>');
    expect(sitemap).not.toContain('/en-US/share');
  });

  it('never leaks a stack trace and caps JSON bodies (9500, 9413)', async () => {
    const { buildApp } = await import('../src/app');
    const app = await buildApp(t.ctx);
    app.get('/api/__boom', async () => {
      throw new Error('secret internals');
    });
    // A route that takes a body says so (routes without a body schema accept none); the 1 MB cap still holds.
    app.post('/api/__echo', { config: { acceptsBody: true } }, async (req) => ({ code: 0, msg: 'ok', data: req.body }));
    await app.ready();
    try {
      const boom = await app.inject({ method: 'GET', url: '/api/__boom', headers: { 'x-locale': 'en-US' } });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({ code: 9500, msg: 'Something went wrong' });
      expect(boom.body).not.toContain('secret internals');
      const big = await app.inject({
        method: 'POST',
        url: '/api/__echo',
        payload: `{"x":"${'a'.repeat(1_100_000)}"}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe(9413);
      const small = await app.inject({ method: 'POST', url: '/api/__echo', payload: { x: 1 } });
      expect(small.json().data).toEqual({ x: 1 });
    } finally {
      await app.close();
    }
  });
});
