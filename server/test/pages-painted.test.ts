import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from './factories';

/**
 * How the server uses the web build's page renderer (build/ssr/render.js; the real one is tested in the
 * browser, e2e/hydration.spec.ts): the painted markup goes into the root, which names its locale, antd's
 * styles into the head, from the same answers as the page's data block; pages that depend on who asks are
 * not painted; a renderer that throws leaves the page served, unpainted, with its no-JavaScript copy.
 * The renderer here is a stand-in module written by the test.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-painted-'));
fs.mkdirSync(path.join(dir, 'web'));
fs.mkdirSync(path.join(dir, 'ssr'));
fs.writeFileSync(
  path.join(dir, 'web/index.html'),
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8" /><!--app-head--><script type="module" crossorigin src="/dist/main.js"></script><link rel="modulepreload" crossorigin href="/dist/react.js"></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(
  path.join(dir, 'ssr/render.js'),
  `export async function renderPage(req) {
  const url = new URL(req.url);
  if (url.pathname.endsWith('/events')) throw new Error('a page that cannot be painted');
  const keys = req.queries.map((q) => q.key[0]).join(',');
  // What a page asked for beyond its seeded answers is read from the API by the server, as an anonymous visitor.
  const queries = [];
  let complete = true;
  if (url.pathname.endsWith('/professionalJury')) {
    for (const p of ['/api/jury', '/api/news/999999', '/not-api/jury']) {
      const answer = await req.readApi(p);
      if (answer) queries.push({ key: ['read', p], data: answer.data });
      else complete = false;
    }
  }
  const html = '<main><h1>painted ' + req.locale + ' ' + url.pathname + ' [' + keys + ']</h1></main>';
  return { html, styles: '<style data-css-hash="t1">.ant-x{}</style>', queries, complete };
}
`,
);

const rootOf = (html: string) => /<div id="root"[^>]*>[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
const dataBlock = (html: string) =>
  (
    JSON.parse(/<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{"queries":[]}') as {
      queries: { key: unknown[]; data: unknown }[];
    }
  ).queries;
const dataKeys = (html: string) =>
  dataBlock(html)
    .map((q) => q.key[0])
    .join(',');

describe.each(DIALECTS)('pages painted by the server on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false, webDir: path.join(dir, 'web'), serverRendering: true }, { timeout: 60_000 });
  const get = (url: string, locale?: string) => t.app.inject({ method: 'GET', url, headers: locale ? { 'accept-language': locale } : {} });

  it('a public page carries its painted markup in the root, in its locale, from the answers of its data block', async () => {
    const res = await get('/en-US/home');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe(`<div id="root" data-ssr="en-US"><main><h1>painted en-US /en-US/home [${dataKeys(res.body)}]</h1></main></div>`);
    expect(dataKeys(res.body)).toContain('identity');
    const [head, body] = res.body.split('</head>') as [string, string];
    expect(head).toContain('<style data-css-hash="t1">');
    expect(body).not.toContain('<noscript>');
    // Painted, the page needs no script for its first screen: the app is started once that has arrived.
    expect(head).toContain('<script defer src="/dist/start-app.js" data-entry="/dist/main.js" data-preload="/dist/react.js"></script>');
    expect(head).not.toContain('type="module"');
    expect(head).not.toContain('modulepreload');
    // A bare address is painted in the visitor's language.
    expect(rootOf((await get('/gallery', 'zh-TW,zh;q=0.9')).body)).toContain('data-ssr="zh-TW"><main><h1>painted zh-TW /gallery');
  });

  it('the reads a page asks for beyond its seeded answers come from the API and go into the data block; failed ones are left out', async () => {
    const res = await get('/en-US/professionalJury');
    expect(res.statusCode).toBe(200);
    const api = (await get('/api/jury', 'en-US')).json() as { data: unknown };
    const reads = dataBlock(res.body).filter((q) => q.key[0] === 'read');
    // The API's own answer (an empty install: no jury yet), the same a visitor's browser would get; a 404 and a
    // path outside the API are not read.
    expect(reads).toEqual([{ key: ['read', '/api/jury'], data: api.data }]);
  });

  it('an unknown address is painted as the 404 page with its status', async () => {
    const res = await get('/en-US/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain('painted en-US /en-US/no-such-page');
  });

  it('pages that depend on who asks are left to the browser', async () => {
    for (const url of ['/en-US/account', '/en-US/submitWorks']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toBe('<div id="root"></div>');
      expect(res.body, url).toContain('<noscript>');
      // Drawn by the browser, the page waits for its scripts: they keep their normal priority.
      expect(res.body, url).toContain('<script type="module" crossorigin src="/dist/main.js">');
    }
  });

  it('a renderer that throws leaves the page served, unpainted, with its no-JavaScript copy', async () => {
    const res = await get('/en-US/events');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('<div id="root"></div>');
    expect(res.body.split('</head>')[1]).toMatch(/<noscript>[\s\S]*Contest News/);
    // The next page is painted again.
    expect(rootOf((await get('/en-US/gallery')).body)).toContain('painted en-US /en-US/gallery');
  });
});
