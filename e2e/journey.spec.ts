import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ERRORS } from '../common/errors';
import { MESSAGES } from '../common/i18n/index';
import type { Locale } from '../common/locales';
import { expect, type Problems, recordProblems, test } from './fixtures';
import { createOrganiser, type EntryFiles, fillEntryForm, makeEntryFiles, registerAndSignIn } from './support/entrant-ui';

/**
 * The whole road of one film, walked as the people on it walk it, with nothing seeded as the subject: a
 * new entrant registers, opens the mailed link, signs in and submits a 1920x1080 film made here through
 * the real tus upload; the organiser (made with `npm run admin -- create`) watches it being processed in
 * the console and approves it; a visitor finds it in the gallery, the film plays (its time advances) and
 * the visitor votes. The second test plays the same film through the HLS ladder the worker made from it.
 */
const m = (l: Locale, key: string) => MESSAGES[l][key as 'site.name'];
const PASSWORD = 'Str0ng!pass';
const ORGANISER = { email: `organiser-${Date.now()}@example.test`, password: 'Organ1ser!x' };
const TITLE = `Hang Up First ${Date.now().toString(36)}`;

let dir: string;
let files: EntryFiles;
let entryId: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-e2e-journey-'));
  // 8 s of 1080p with sound: long enough for several HLS segments at every rung.
  files = await makeEntryFiles(dir, 8);
  createOrganiser(ORGANISER.email, ORGANISER.password);
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function personIn(browser: Browser, locale: string): Promise<{ page: Page; problems: Problems; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { page, problems: await recordProblems(page), close: () => context.close() };
}

/** Presses the poster's play button: the entry page loads the player and the film only then. */
async function start(page: Page) {
  await page.locator('.entry-player .media-player__start').click();
}

async function play(page: Page) {
  const video = page.locator('.entry-player video');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 }).toBeGreaterThan(1);
}

test('a new entrant submits a 1080p film; the organiser approves it; a visitor finds it, it plays, and the vote counts', async ({
  page,
  browser,
  expectClean,
}) => {
  test.setTimeout(420_000);
  // The entrant, in English.
  const entrant = `entrant-${Date.now()}@example.test`;
  await registerAndSignIn(page, 'en-US', entrant, PASSWORD);
  await fillEntryForm(
    page,
    'en-US',
    {
      group: 'open',
      title: TITLE,
      description: 'A student gets a call from "customs" about a parcel and almost pays a fake fine.',
      slogan: 'Hang up, call back',
      team: 'Night Owls',
      teamDesc: 'Two friends and a phone.',
    },
    files,
  );
  await page.getByRole('button', { name: m('en-US', 'submit.submit') }).click();
  await expect(page.getByTestId('submission-success')).toContainText(ERRORS[200211]['en-US']);
  await page.goto('/en-US/account');
  const mine = page.getByTestId('my-entry').filter({ hasText: TITLE });
  await expect(mine.getByTestId('entry-status')).toHaveText(m('en-US', 'entry.status.pending'));
  // The film is in the pipeline from the moment it is submitted.
  await expect(mine.getByTestId('entry-media')).toBeVisible();

  // The organiser, in Chinese: the drawer shows the film being processed, then its player; approve.
  const organiser = await personIn(browser, 'zh-CN');
  try {
    const c = (key: string) => m('zh-CN', key);
    await organiser.page.goto('/admin/#/login');
    await organiser.page.getByLabel(c('console.login.email')).fill(ORGANISER.email);
    await organiser.page.getByLabel(c('console.login.password')).fill(ORGANISER.password);
    await organiser.page.getByRole('button', { name: /登\s*录/ }).click();
    await organiser.page.getByRole('menuitem', { name: c('console.menu.entries') }).click();
    await organiser.page.getByRole('row').filter({ hasText: TITLE }).getByRole('button', { name: TITLE }).click();
    const film = organiser.page.getByTestId('entry-film');
    await expect(film).toHaveAttribute('data-film-status', 'done', { timeout: 300_000 });
    await expect(film.locator('video')).toBeVisible();
    await organiser.page
      .locator('.ant-drawer')
      .getByRole('button', { name: new RegExp(`^${c('console.entries.approve').split('').join('\\s*')}$`) })
      .click();
    await expect(organiser.page.getByText(/已通过，作品编号 \d+/)).toBeVisible();
    expect(organiser.problems.list).toEqual([]);
  } finally {
    await organiser.close();
  }

  // A visitor, in Traditional Chinese, from the gallery search to the film and the vote.
  const visitor = await personIn(browser, 'zh-TW');
  try {
    const v = visitor.page;
    await v.goto(`/zh-TW/gallery?q=${encodeURIComponent(TITLE)}`);
    const card = v.locator('.entry-card').filter({ hasText: TITLE });
    await expect(card).toHaveCount(1);
    await card.locator('a').click();
    await expect(v.locator('.entry-title')).toHaveText(TITLE);
    entryId = Number(/\/gallery\/(\d+)/.exec(v.url())?.[1]);
    expect(entryId).toBeGreaterThan(0);
    await start(v);
    await expect(v.locator('.entry-player .media-player')).toHaveAttribute('data-engine', 'hlsjs');
    await play(v);
    const count = v.getByTestId('vote-count');
    await expect(count).toHaveText(/^0\D/);
    await v.getByRole('button', { name: m('zh-TW', 'vote.button'), exact: true }).click();
    await expect(v.getByText(ERRORS[2014]['zh-TW'])).toBeVisible();
    await expect(count).toHaveText(/^1\D/);
    await v.reload();
    await expect(v.getByTestId('vote-count')).toHaveText(/^1\D/);
    expect(visitor.problems.list).toEqual([]);
  } finally {
    await visitor.close();
  }
  expectClean();
});

test('the submitted film plays through HLS: auto climbs to 720p, the quality menu switches to 360p, a 1 Mbit/s network stays on 360p', async ({
  page,
  browser,
  expectClean,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/en-US/gallery/${entryId}`);
  const player = page.locator('.entry-player .media-player');
  await start(page);
  await expect(player).toHaveAttribute('data-engine', 'hlsjs');
  const video = player.locator('video');
  await expect(video).toHaveAttribute('poster', /\/media\//);
  await play(page);
  // Automatic choice on a fast network: hls.js climbs to the rendition the ~710 px player fits (720p).
  await expect(player).toHaveAttribute('data-level', '720', { timeout: 60_000 });

  // The quality menu lists the ladder made from the 1080p upload; picking 360p plays the 360p rendition.
  const quality = player.getByRole('combobox');
  await expect(quality.locator('option')).toHaveText(['Auto', '1080p', '720p', '360p']);
  await quality.selectOption({ label: '360p' });
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
    return v.play();
  });
  await expect(player).toHaveAttribute('data-level', '360', { timeout: 60_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 }).toBeGreaterThan(1);
  expectClean();

  // Throttled to 1 Mbit/s in a fresh context (empty cache), the automatic choice stays on 360p, which is
  // all that fits, where the fast network above got 720p.
  const slow = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  try {
    const slowPage = await slow.newPage();
    const cdp = await slow.newCDPSession(slowPage);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 125_000, uploadThroughput: 125_000 });
    const levels: string[] = [];
    await slowPage.exposeFunction('recordLevel', (l: string) => levels.push(l));
    await slowPage.goto(`/en-US/gallery/${entryId}`);
    const slowPlayer = slowPage.locator('.entry-player .media-player');
    await start(slowPage);
    await expect(slowPlayer).toHaveAttribute('data-engine', 'hlsjs', { timeout: 60_000 });
    await slowPlayer.evaluate((el) => {
      new MutationObserver(() => (window as unknown as { recordLevel: (l: string) => void }).recordLevel(el.getAttribute('data-level') ?? '')).observe(el, {
        attributes: true,
        attributeFilter: ['data-level'],
      });
    });
    await play(slowPage);
    await expect.poll(() => slowPage.locator('.entry-player video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 120_000 }).toBeGreaterThan(3);
    await expect(slowPlayer).toHaveAttribute('data-level', '360');
    console.log(`[journey] levels played at 1 Mbit/s: ${levels.join(' -> ')}`);
    expect(levels).not.toContain('720');
    expect(levels).not.toContain('1080');
  } finally {
    await slow.close();
  }
});
