import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { ContestInfo } from '../common/api-types';
import { ERRORS } from '../common/errors';
import type { GalleryEntryDetail, GalleryPage } from '../common/gallery';
import { MESSAGES } from '../common/i18n/index';
import { expect, test } from './fixtures';
import { votedState } from './support/voted-state';

/**
 * What a visitor sees. The demo contest's pictures and films are each their own; the featured
 * exhibition film plays; a film's page has its title as h1 (with the entrant's language), credits and
 * runtime; a gallery card votes like the entry page; home and gallery count down to the end of voting; the
 * share area copies the link and shows a QR code of it for WeChat.
 */
const en = MESSAGES['en-US'];
const zh = MESSAGES['zh-CN'];

async function bytesHash(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return createHash('sha256')
    .update(await res.body())
    .digest('hex');
}

async function allEntries(request: APIRequestContext): Promise<GalleryEntryDetail[]> {
  const list = (await (await request.get('/api/gallery?pageSize=50&sort=number')).json()).data as GalleryPage;
  return Promise.all(list.items.map(async (e) => (await (await request.get(`/api/gallery/entries/${e.id}`)).json()).data as GalleryEntryDetail));
}

test('every demo entry and news item has its own picture, neighbouring films differ, and the featured exhibition film plays', async ({
  page,
  request,
  expectClean,
}) => {
  test.setTimeout(120_000);
  // The seeded demo only: other specs approve entries and publish news of their own on the same server.
  const entries = (await allEntries(request)).filter((e) => e.coverUrl?.startsWith('/media/demo-entries/'));
  expect(entries.length).toBe(26);
  const covers = await Promise.all(entries.map((e) => bytesHash(request, e.coverUrl as string)));
  const stills = await Promise.all(entries.map((e) => bytesHash(request, e.videoCoverUrl as string)));
  expect(new Set(covers).size).toBe(entries.length);
  expect(new Set(stills).size).toBe(entries.length);
  const films = await Promise.all(entries.map((e) => bytesHash(request, e.film.mp4 as string)));
  for (let i = 1; i < films.length; i++) expect(films[i], `films of entries ${i} and ${i + 1}`).not.toBe(films[i - 1]);

  // The seed's news covers (other specs publish news that may reuse one of them): 14 addresses, 14 pictures.
  const newsItems = (await (await request.get('/api/news?pageSize=50')).json()).data.items as { coverUrl: string }[];
  const news = [...new Set(newsItems.map((n) => n.coverUrl).filter((u) => /^\/media\/seed\/news-\d+\.jpg$/.test(u)))];
  expect(news.length).toBe(14);
  const newsCovers = await Promise.all(news.map((u) => bytesHash(request, u)));
  expect(new Set(newsCovers).size).toBe(news.length);

  const first = ((await (await request.get('/api/exhibitions')).json()).data.items as { id: number }[])[0];
  const featured = (await (await request.get(`/api/exhibitions/${first?.id}`)).json()).data as { mediaUrl: string | null };
  expect(featured.mediaUrl).toMatch(/\.mp4$/);
  await page.goto(`/en-US/exhibition/${first?.id}`);
  const video = page.locator('video.article-cover');
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  expectClean();
});

test("a film's page: its title is the h1 in the entrant's language, with team, group and runtime", async ({ page, request, expectClean }) => {
  const entries = await allEntries(request);
  const chinese = entries.find((e) => e.lang === 'zh-CN') as GalleryEntryDetail;
  await page.goto(`/en-US/gallery/${chinese.id}`);
  const h1 = page.locator('main h1');
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(chinese.title);
  await expect(h1).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  const credits = page.locator('.film-credits');
  await expect(credits).toContainText(`${en['gallery.credits.team']}${chinese.team}`);
  await expect(credits.locator('dd', { hasText: chinese.team })).toHaveAttribute('lang', 'zh-CN');
  await expect(credits).toContainText(en['group.open'] === en[`group.${chinese.group as 'open' | 'student'}`] ? en['group.open'] : en['group.student']);
  const seconds = Math.round(chinese.film.duration as number);
  await expect(page.getByTestId('film-runtime')).toHaveText(`${seconds} s`);
  await expect(page.locator('.entry-texts p[lang="zh-CN"]', { hasText: chinese.description })).toBeVisible();
  expectClean();
});

test('a vote cast from a gallery card counts, and a second one is told "You have voted"', async ({ page, problems }) => {
  await page.goto('/en-US/gallery?sort=number');
  const card = page.locator('.entry-card').nth(5);
  const count = card.locator('.entry-card-votes');
  await expect(count).toHaveText(/\d+ votes?/);
  const before = Number((await count.textContent())?.match(/\d+/)?.[0]);
  await card.getByRole('button', { name: en['vote.button'], exact: true }).click();
  await expect(page.getByText(ERRORS[2014]['en-US'])).toBeVisible();
  await expect(count).toHaveText(`${before + 1} votes`);
  // The list does not know this visitor voted; the server's duplicate answer says so and the button turns.
  // Public lists may be a second old (the server's response cache), so the reload is repeated until it shows the vote.
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.entry-card').nth(5).locator('.entry-card-votes')).toHaveText(`${before + 1} votes`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.locator('.entry-card').nth(5).getByRole('button', { name: en['vote.button'], exact: true }).click();
  await expect(page.locator('.ant-message').getByText(ERRORS[2015]['en-US'])).toBeVisible();
  await expect(votedState(page.locator('.entry-card').nth(5))).toBeVisible();
  await expect(page.locator('.entry-card').nth(5).locator('.entry-card-votes')).toHaveText(`${before + 1} votes`);
  // The browser logs the duplicate's 409 answer itself; nothing else may go wrong.
  expect(problems.list.filter((p) => !/status of 409 .*\/api\/gallery\/entries\/\d+\/vote$/.test(p))).toEqual([]);
});

test('home and gallery count down to the end of voting from the contest phases', async ({ page, request, expectClean }) => {
  const contest = (await (await request.get('/api/contest')).json()).data as ContestInfo;
  const voting = contest.phases.find((p) => p.phase === 'voting');
  const days = Math.floor((Date.parse(voting?.end as string) - Date.parse(contest.now)) / 86_400_000);
  const expected = new RegExp(`^距投票截止还有 ${days} 天 \\d+ 小时 \\d+ 分$`);
  for (const path of ['/home', '/gallery']) {
    await page.goto(path);
    await expect(page.getByTestId('voting-countdown')).toHaveText(expected);
  }
  expect(zh['countdown.closesIn']).toContain('{days}');
  expectClean();
});

test("the share area copies the film's link and shows a WeChat QR code of it", async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/en-US/gallery/2');
  await expect(page.locator('main h1')).toBeVisible();
  const url = await page.getByLabel(en['share.linkLabel']).inputValue();
  expect(url).toMatch(/\/en-US\/gallery\/2$/);
  await page.getByRole('button', { name: en['share.copyLink'] }).click();
  await expect(page.getByText(en['share.copied'])).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  await page.getByText(en['share.wechat']).click();
  const qr = page.getByRole('img', { name: en['share.wechatQrAlt'] });
  await expect(qr).toBeVisible();
  const src = (await qr.getAttribute('src')) ?? '';
  const png = PNG.sync.read(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(url);
  await context.close();
});

test('after "Download poster" by keyboard the focus stays on the button', async ({ page, expectClean }) => {
  await page.goto('/en-US/gallery/5');
  const button = page.getByRole('button', { name: en['share.poster'] });
  await button.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('poster-5.png');
  await expect(page.getByRole('button', { name: en['share.poster'] })).toBeFocused();
  expectClean();
});
