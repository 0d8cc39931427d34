import path from 'node:path';
import type { Browser } from '@playwright/test';
import { expect, recordProblems, test } from './fixtures';
import { EMPTY_BASE_URL } from './support/empty-install';
import { publicRoutePaths } from './support/public-paths';

/**
 * With JavaScript off (a visitor who turned it off, a crawler, a link-preview bot) the site is still read and
 * walked: the server paints each page (the same markup the browser app then takes over), with the menu, the
 * page's text and its links; on a phone the menu, which needs a script to open, shows as a row of links.
 */
const SHOTS = path.join('test-results', 'no-javascript');

async function noScriptPage(browser: Browser, width: number) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { context, page, problems: await recordProblems(page) };
}

test('a visitor without JavaScript reads the home page, follows the menu to the gallery and opens an entry', async ({ browser }) => {
  const { context, page, problems } = await noScriptPage(browser, 1280);
  await page.goto('/en-US/home');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Contest News' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Contest theme' })).toBeVisible();
  await expect(page.locator('.site-footer')).toContainText('©');
  await page.screenshot({ path: path.join(SHOTS, 'home-1280.png'), fullPage: true });

  await menu.getByRole('link', { name: 'Gallery & Vote' }).click();
  await expect(page).toHaveURL(/\/en-US\/gallery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery & Vote' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'gallery-1280.png'), fullPage: true });

  // Whatever approved entry the list shows first: its page has its title as the h1.
  const first = page.locator('main .entry-card a[href*="/gallery/"]').first();
  const title = (await first.locator('.entry-card-title').textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await first.click();
  await expect(page).toHaveURL(/\/en-US\/gallery\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('link', { name: 'Back to the gallery' })).toBeVisible();
  expect(problems.list).toEqual([]);
  await context.close();
});

test('the JavaScript-off home and gallery on a phone', async ({ browser }) => {
  const { context, page, problems } = await noScriptPage(browser, 390);
  await page.goto('/en-US/home');
  const menu = page.locator('.drawer-nav');
  await expect(menu.getByRole('link', { name: 'Gallery & Vote' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(SHOTS, 'home-390.png'), fullPage: true });
  await page.goto('/en-US/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery & Vote' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'gallery-390.png'), fullPage: true });
  expect(problems.list).toEqual([]);
  await context.close();
});

test('on an empty install the home page without JavaScript shows the menu and no error', async ({ browser }) => {
  const { context, page, problems } = await noScriptPage(browser, 1280);
  const res = await page.goto(`${EMPTY_BASE_URL}/home`);
  expect(res?.status()).toBe(200);
  const menu = page.getByRole('navigation').first();
  for (const href of ['/home', '/eventDetails', '/gallery', '/contactUs']) await expect(menu.locator(`a[href="${href}"]`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/error|错误/i);
  expect(problems.list).toEqual([]);
  await context.close();
});

test('with JavaScript on, the painted page is taken over once: one header, one menu', async ({ page }) => {
  await page.goto('/en-US/home');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
  await expect(page.locator('.site-header')).toHaveCount(1);
  await expect(page.locator('.nojs')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(1);
});

test('every public page without JavaScript shows its heading, its text and links, in each locale', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { context, page, problems } = await noScriptPage(browser, 1280);
  const paths = await publicRoutePaths(request, { signedIn: false });
  for (const prefix of ['', '/zh-TW', '/en-US']) {
    for (const p of paths) {
      const url = `${prefix}/${p}`;
      await page.goto(url);
      await expect(page.locator('main h1').first(), url).toBeVisible();
      const main = page.locator('main');
      // More than the heading: the page's own words, and links to follow (the site's menu and footer besides).
      expect(((await main.innerText()) ?? '').trim().length, url).toBeGreaterThan(((await main.locator('h1').first().innerText()) ?? '').length + 10);
      expect(await page.locator('a[href]').count(), url).toBeGreaterThanOrEqual(5);
    }
  }
  expect(problems.list).toEqual([]);
  await context.close();
});
