import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeHtml } from '../src/html/compress';
import { loadPageAssets, renderPreloads } from '../src/html/preload';
import { HEAD_MARKER, loadTemplate } from '../src/html/template';
import { useTestApp } from './factories';

/** What a page's HTML carries for a fast first load: its first API answers, image preloads, compression. */
describe('page first load', () => {
  const t = useTestApp('sqlite');
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const dataBlock = (html: string) => {
    const m = /<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1] as string) as { queries: { key: unknown[]; data: unknown }[] }) : null;
  };

  it('puts the home page answers into its HTML, equal to what the API returns, under the hooks keys', async () => {
    const block = dataBlock((await get('/en-US/home')).body);
    expect(block).not.toBeNull();
    const byKey = new Map(block?.queries.map((q) => [JSON.stringify(q.key), q.data]));
    const api = async (url: string) => (await get(url, { 'x-locale': 'en-US' })).json().data;
    expect(byKey.get(JSON.stringify(['news', 'en-US', 1, 4, 'all']))).toEqual(await api('/api/news?page=1&pageSize=4'));
    expect(byKey.get(JSON.stringify(['jury', 'en-US']))).toEqual(await api('/api/jury'));
    expect(byKey.get(JSON.stringify(['sponsors', 'en-US']))).toEqual(await api('/api/sponsors'));
    // Every page carries the identity its header and footer show.
    expect(byKey.get(JSON.stringify(['identity', 'en-US']))).toEqual(await api('/api/site/identity'));
    // The contest answer carries the server's clock; everything else must be the same.
    expect({ ...(byKey.get(JSON.stringify(['contest'])) as object), now: 0 }).toEqual({ ...(await api('/api/contest')), now: 0 });
  });

  it('serves the default gallery view in the HTML with its first covers preloaded; a filtered view loads by API', async () => {
    const html = (await get('/zh-TW/gallery')).body;
    const block = dataBlock(html);
    const page = (await get('/api/gallery?page=1&pageSize=10&sort=newest')).json().data;
    const identity = (await get('/api/site/identity', { 'x-locale': 'zh-TW' })).json().data;
    expect(block?.queries).toEqual([
      { key: ['identity', 'zh-TW'], data: identity },
      { key: ['gallery', 'zh-TW', 'all', '', 'newest'], data: { pages: [page], pageParams: [1] } },
    ]);
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads[0]).toContain('type="image/avif"');
    expect(preloads[0]).toContain(`/media/img/320/${page.items[0].coverUrl.replace('/media/', '')}.avif 320w`);
    const filtered = (await get('/zh-TW/gallery?sort=votes')).body;
    expect(dataBlock(filtered)?.queries.map((q) => q.key)).toEqual([['identity', 'zh-TW']]);
  });

  it('names the first news cover on /events but leaves the list to the API (its failure page depends on it)', async () => {
    const html = (await get('/en-US/events')).body;
    expect(dataBlock(html)?.queries.map((q) => q.key)).toEqual([['identity', 'en-US']]);
    const first = (await get('/api/news?page=1&pageSize=10')).json().data.items[0].coverUrl;
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${first}">`);
  });

  it('keeps stored text from closing the data block', async () => {
    const row = await t.ctx.db.selectFrom('sponsors').select(['id', 'i18n']).orderBy('id').executeTakeFirstOrThrow();
    const i18n = JSON.parse(row.i18n);
    i18n['en-US'].name = '</script><script>alert(1)</script>';
    await t.ctx.db
      .updateTable('sponsors')
      .set({ i18n: JSON.stringify(i18n) })
      .where('id', '=', row.id)
      .execute();
    t.app.responseCache.invalidate(); // written past the console, which would have dropped the cached page
    const html = (await get('/en-US/home')).body;
    expect(html).not.toContain('<script>alert(1)');
    const block = dataBlock(html);
    expect(JSON.stringify(block)).toContain('</script><script>alert(1)</script>');
  });

  it('compresses the HTML for clients that accept it and says it varies by encoding', async () => {
    const plain = await get('/en-US/aboutUs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/en-US/aboutUs', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/en-US/aboutUs', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });
});

describe('encodeHtml', () => {
  it('honours q=0 and falls back to identity', () => {
    expect(encodeHtml('<p>x</p>', 'br;q=0, gzip').encoding).toBe('gzip');
    expect(encodeHtml('<p>x</p>', 'identity').encoding).toBeUndefined();
    expect(encodeHtml('<p>x</p>', undefined).encoding).toBeUndefined();
    expect(encodeHtml('<p>x</p>', '*').encoding).toBe('br');
  });
});

describe('page preloads from the Vite manifest', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-manifest-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/main-1.js', isEntry: true, imports: ['_shared-1.js'], css: ['assets/main-1.css'] },
    '_shared-1.js': { file: 'assets/shared-1.js', dynamicImports: ['_en-US-1.js', '_zh-CN-1.js', '_en-US-2.js'] },
    '_en-US-1.js': { file: 'assets/en-US-1.js', name: 'en-US', imports: ['_shared-1.js'] },
    '_en-US-2.js': { file: 'assets/en-US-2.js', name: 'en-US' },
    '_zh-CN-1.js': { file: 'assets/zh-CN-1.js', name: 'zh-CN' },
    'src/layouts/GalleryLayout.tsx': { file: 'assets/GalleryLayout-1.js', isDynamicEntry: true, imports: ['_shared-1.js', '_header-1.js'] },
    'src/pages/gallery/GalleryListPage.tsx': { file: 'assets/GalleryListPage-1.js', isDynamicEntry: true, imports: ['_shared-1.js', '_card-1.js'] },
    '_card-1.js': { file: 'assets/card-1.js', css: ['assets/card-1.css', 'assets/main-1.css'], imports: ['_header-1.js'] },
    '_header-1.js': { file: 'assets/header-1.js' },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));

  it("lists the page's own chunks, its layout's and the locale's texts, not what the shell loads already", () => {
    const assets = loadPageAssets(dir)('gallery', 'en-US');
    expect([...assets.scripts].sort()).toEqual(
      [
        '/dist/assets/GalleryLayout-1.js',
        '/dist/assets/GalleryListPage-1.js',
        '/dist/assets/card-1.js',
        '/dist/assets/en-US-1.js',
        '/dist/assets/en-US-2.js',
        '/dist/assets/header-1.js',
      ].sort(),
    );
    expect(assets.styles).toEqual(['/dist/assets/card-1.css']);
    expect(renderPreloads(assets)).toContain('<link rel="modulepreload" crossorigin href="/dist/assets/GalleryListPage-1.js">');
    expect(renderPreloads(assets)).toContain('<link rel="stylesheet" crossorigin href="/dist/assets/card-1.css">');
  });

  it('gives only the texts for a page without a chunk of its own, and nothing without a build', () => {
    expect(loadPageAssets(dir)('404', 'zh-CN').scripts).toEqual(['/dist/assets/zh-CN-1.js']);
    expect(loadPageAssets(path.join(dir, 'missing'))('gallery', 'en-US')).toEqual({ scripts: [], styles: [] });
  });
});

describe('a new build under a running server', () => {
  it('is picked up: the shell and the preloads follow the new index.html and manifest, without a restart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-rebuild-'));
    // checkMs 0: look at the files on every call (the server looks once a second).
    const template = loadTemplate(dir, 0);
    const assets = loadPageAssets(dir, 0);
    expect(template()).toContain('npm run build'); // not built yet
    expect(assets('404', 'zh-CN').scripts).toEqual([]);

    const build = (n: number) => {
      fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'index.html'),
        `<html><head>${HEAD_MARKER}<script src="/dist/assets/main-${n}.js"></script></head></html>${' '.repeat(n)}`,
      );
      const manifest = {
        'index.html': { file: `assets/main-${n}.js`, dynamicImports: [`_zh-CN-${n}.js`] },
        [`_zh-CN-${n}.js`]: { file: `assets/zh-CN-${n}.js`, name: 'zh-CN' },
      };
      // Different sizes, so the two builds differ even if both land within one mtime tick.
      fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), `${JSON.stringify(manifest)}${' '.repeat(n)}`);
    };
    build(1);
    expect(template()).toContain('main-1.js');
    expect(assets('404', 'zh-CN').scripts).toEqual(['/dist/assets/zh-CN-1.js']);
    build(2);
    expect(template()).toContain('main-2.js');
    expect(assets('404', 'zh-CN').scripts).toEqual(['/dist/assets/zh-CN-2.js']);
  });
});
