import type { Page } from '@playwright/test';
import { MESSAGES } from '../common/i18n/index';
import type { Locale } from '../common/locales';
import { PAGE_ROUTES } from '../common/routes';
import { expect, test } from './fixtures';
import { EMPTY_BASE_URL } from './support/empty-install';
import { registerAndSignIn } from './support/entrant-ui';
import { publicRoutePaths } from './support/public-paths';

/**
 * Public pages arrive painted by the server and the browser app takes them over (hydration): the painted
 * nodes stay (nothing is drawn twice), no part mismatches (main.tsx logs a mismatch as a console error, which
 * `expectClean` fails on), in every locale. Visitors the server cannot paint for (signed in, another stored
 * language) get a fresh render without errors.
 */

/** Keeps the page heading the server painted, to check after hydration that it is the same node. */
async function rememberPaintedHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { paintedH1: Element | null }).paintedH1 = document.querySelector('main h1');
    });
  });
}

async function expectHydrated(page: Page, path: string, locale: Locale): Promise<void> {
  const res = await page.goto(path);
  const html = (await res?.text()) ?? '';
  expect(html, path).toContain(`data-ssr="${locale}"`);
  await expect(page.locator('html'), path).toHaveAttribute('data-app', 'hydrated');
  const kept = await page.evaluate(() => {
    const painted = (window as unknown as { paintedH1: Element | null }).paintedH1;
    return Boolean(painted?.isConnected && painted === document.querySelector('main h1'));
  });
  expect(kept, `${path}: the painted heading is the live one`).toBe(true);
}

/** The app's script arrives 1.5 s late, as on a slow line; the painted page is on screen meanwhile. */
async function holdBackApp(page: Page): Promise<void> {
  await page.route('**/dist/assets/main-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

const PREFIX: Record<Locale, string> = { 'zh-CN': '', 'zh-TW': '/zh-TW', 'en-US': '/en-US' };
const notPainted = new Set(PAGE_ROUTES.filter((r) => r.access || r.perVisitor).map((r) => r.path));

for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`every public page in ${locale} is painted by the server and hydrated without a mismatch`, async ({ page, expectClean }) => {
    test.setTimeout(180_000);
    await page.context().setExtraHTTPHeaders({ 'accept-language': locale });
    await rememberPaintedHeading(page);
    const paths = await publicRoutePaths(page.request, { signedIn: false });
    const painted = paths.filter((p) => !notPainted.has(p));
    expect(painted.length).toBeGreaterThan(15);
    for (const p of painted) await expectHydrated(page, `${PREFIX[locale]}/${p}`, locale);
    // The page for entrants depends on who asks: the browser draws it.
    await page.goto(`${PREFIX[locale]}/submitWorks`);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'rendered');
    expectClean();
  });
}

test('an empty install paints and hydrates its own pages', async ({ page, expectClean }) => {
  await page.context().setExtraHTTPHeaders({ 'accept-language': 'en-US' });
  await rememberPaintedHeading(page);
  for (const p of ['/en-US/home', '/en-US/gallery', '/en-US/events', '/en-US/professionalJury', '/en-US/exhibition', '/en-US/results']) {
    await expectHydrated(page, `${EMPTY_BASE_URL}${p}`, 'en-US');
  }
  expectClean();
});

test('a signed-in visitor gets a fresh render with their own header, and no error', async ({ page, expectClean }) => {
  const en = MESSAGES['en-US'];
  await registerAndSignIn(page, 'en-US', `hydration-${Date.now()}@example.com`, 'Hydr8-2026-ok');
  for (const p of ['/en-US/home', '/en-US/gallery']) {
    await page.goto(p);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'rendered');
    await expect(page.getByRole('navigation', { name: en['menu.main'] })).toBeVisible();
    await expect(page.locator('.site-header').getByRole('link', { name: en['menu.account'] })).toBeVisible();
  }
  expectClean();
});

test('a bare address read in another stored language is drawn in that language', async ({ page, expectClean }) => {
  await page.addInitScript(() => localStorage.setItem('umi_locale', 'zh-TW'));
  const res = await page.goto('/gallery');
  // The browser says zh-CN (its Accept-Language): the server paints that; the visitor chose zh-TW here before.
  expect(await res?.text()).toContain('data-ssr="zh-CN"');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'rendered');
  await expect(page.locator('main h1')).toHaveText(MESSAGES['zh-TW']['route.gallery']);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  expectClean();
});

test('a button pressed on the painted page before the app is live takes effect once it is', async ({ page, expectClean }) => {
  await holdBackApp(page);
  await page.goto('/en-US/gallery');
  expect(await page.locator('html').getAttribute('data-app')).toBeNull();
  await page.getByRole('tab', { name: MESSAGES['en-US']['group.student'] }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
  await expect(page).toHaveURL(/[?&]group=student/);
  await expect(page.getByRole('tab', { name: MESSAGES['en-US']['group.student'] })).toHaveAttribute('aria-selected', 'true');
  expectClean();
});

test('a language chosen on the painted page before the app is live is applied once it is', async ({ page, expectClean }) => {
  await holdBackApp(page);
  await page.goto('/zh-CN/professionalJury');
  expect(await page.locator('html').getAttribute('data-app')).toBeNull();
  await page.getByLabel(MESSAGES['zh-CN']['common.language']).selectOption('en-US');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
  await expect(page).toHaveURL(/\/en-US\/professionalJury$/);
  await expect(page.locator('main h1')).toHaveText(MESSAGES['en-US']['route.professionalJury']);
  expectClean();
});

test('a signed-in visitor pressing a button before the app is live gets it on the page drawn afresh', async ({ page, expectClean }) => {
  await registerAndSignIn(page, 'en-US', `hydration-press-${Date.now()}@example.com`, 'Hydr8-2026-ok');
  await holdBackApp(page);
  await page.goto('/en-US/gallery');
  expect(await page.locator('html').getAttribute('data-app')).toBeNull();
  await page.getByRole('tab', { name: MESSAGES['en-US']['group.student'] }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'rendered');
  await expect(page).toHaveURL(/[?&]group=student/);
  expectClean();
});
