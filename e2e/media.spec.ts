import { expect, test } from './fixtures';

/**
 * Issue 7 in Chromium, media pipeline joined to the gallery: a 375 px phone gets small WebP/AVIF covers
 * (bytes printed against the originals). Playback of a film through the HLS ladder is in journey.spec.ts,
 * on a film an entrant submitted there.
 */
const IMAGE_LIMIT = 60_000;

test('at 375 px the gallery loads only WebP/AVIF covers under 60 kB, with a srcset on every card', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US' });
  const page = await context.newPage();
  const images: { url: string; type: string; bytes: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'image') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    images.push({ url: res.url(), type: res.headers()['content-type'] ?? '', bytes: body.length });
  });
  await page.goto('/en-US/gallery');
  const cards = page.locator('.entry-card');
  await expect(cards.first()).toBeVisible();
  // Scroll through the first page so every lazy cover loads.
  const count = await cards.count();
  for (let i = 0; i < count; i++) await cards.nth(i).scrollIntoViewIfNeeded();
  // Scrolling may load the next page of cards; the first page's covers (all scrolled past) are checked.
  const covers = page.locator('.entry-card-media img');
  const firstPage = () =>
    covers.evaluateAll(
      (els, n) =>
        els.slice(0, n).map((e) => ({
          done: (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0,
          srcset: (e as HTMLImageElement).srcset,
          current: (e as HTMLImageElement).currentSrc,
        })),
      count,
    );
  await expect.poll(async () => (await firstPage()).every((i) => i.done), { timeout: 30_000 }).toBe(true);
  for (const { srcset } of await firstPage()) expect(srcset).toMatch(/ 160w, .* 240w/);

  // Bodies are read asynchronously in the response handler: wait until every first-page cover is recorded.
  await expect.poll(() => images.filter((i) => i.url.includes('/media/img/')).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  // A snapshot: more covers may still arrive while the originals are fetched below. The footer's pictures (the
  // organiser's WeChat QR and logo, loaded lazily once the footer scrolls in) are the organiser's files, not covers.
  const footer = new Set(await page.locator('footer img').evaluateAll((els) => els.map((e) => (e as HTMLImageElement).currentSrc)));
  const seen = images.filter((i) => !footer.has(i.url));
  for (const img of seen) {
    expect(img.type, img.url).toMatch(/^image\/(webp|avif)$/);
    expect(img.bytes, img.url).toBeLessThanOrEqual(IMAGE_LIMIT);
  }
  expect((await firstPage()).every((i) => /\/media\/img\/\d+\/.+\.(webp|avif)$/.test(i.current))).toBe(true);
  // The originals of every image loaded (each cover once), for the "bytes saved at 375 px" figure.
  const originals = new Set(seen.map((i) => /\/media\/img\/\d+\/(.+)\.(webp|avif)$/.exec(new URL(i.url).pathname)?.[1]));
  let originalBytes = 0;
  for (const rel of originals) {
    expect(rel).toBeTruthy();
    originalBytes += (await (await request.get(`/media/${rel}`)).body()).length;
  }
  const loaded = seen.reduce((sum, i) => sum + i.bytes, 0);
  console.log(`[media] 375 px gallery: ${seen.length} images, ${loaded} bytes loaded; the same ${originals.size} covers as originals: ${originalBytes} bytes`);
  expect(loaded).toBeLessThan(originalBytes);
  await context.close();
});
