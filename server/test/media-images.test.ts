import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaPaths } from '../src/services/media/paths';
import { DIALECTS, startTestApp, type TestApp } from './factories';

/** Responsive images: resized once to an allowed width as WebP/AVIF; nothing outside media/ is reachable. */
describe.each(DIALECTS)('media responsive images (%s)', (dialect) => {
  let t: TestApp;
  let mediaDir: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { demoContent: false });
    mediaDir = mediaPaths(t.ctx.config.dataDir).media;
    fs.mkdirSync(path.join(mediaDir, 'test'), { recursive: true });
    // A noisy 800x600 picture, so sizes behave like a real cover rather than a flat colour.
    const noise = Buffer.alloc(800 * 600 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    await sharp(noise, { raw: { width: 800, height: 600, channels: 3 } })
      .png()
      .toFile(path.join(mediaDir, 'test', 'cover.png'));
    fs.writeFileSync(path.join(mediaDir, 'test', 'note.txt'), 'not an image');
    await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .png()
      .toFile(path.join(t.db.dataDir, 'outside.png'));
    fs.symlinkSync(path.join(t.db.dataDir, 'outside.png'), path.join(mediaDir, 'test', 'link.png'));
  });
  afterAll(async () => t?.close());

  it('serves a WebP at the asked width, made once and then reused', async () => {
    const res = await t.app.inject({ url: '/media/img/320/test/cover.png.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const original = fs.statSync(path.join(mediaDir, 'test', 'cover.png')).size;
    expect(res.rawPayload.length).toBeLessThan(original / 4);

    const cached = path.join(mediaPaths(t.ctx.config.dataDir).imageCache, '320', 'test', 'cover.png.webp');
    const made = fs.statSync(cached).mtimeMs;
    const again = await t.app.inject({ url: '/media/img/320/test/cover.png.webp' });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(fs.statSync(cached).mtimeMs).toBe(made);
  });

  it('serves AVIF too, and never enlarges', async () => {
    const avif = await t.app.inject({ url: '/media/img/480/test/cover.png.avif' });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 480 });
    const big = await t.app.inject({ url: '/media/img/1920/test/cover.png.webp' });
    expect(await sharp(big.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });
  });

  it.each([
    ['/media/img/333/test/cover.png.webp', 400, 7003],
    ['/media/img/320/test/cover.png.gif', 404, 7002],
    ['/media/img/320/test/missing.png.webp', 404, 7002],
    ['/media/img/320/test/note.txt.webp', 404, 7002],
    ['/media/img/320/test/link.png.webp', 404, 7002],
    // The router resolves dot segments first, so this one never reaches the image route at all.
    ['/media/img/320/test/%2e%2e/%2e%2e/outside.png.webp', 404, 9404],
    ['/media/img/320/..%2Foutside.png.webp', 404, 7002],
    ['/media/img/320/.hidden/cover.png.webp', 404, 7002],
  ])('refuses %s', async (url, status, code) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });
});
