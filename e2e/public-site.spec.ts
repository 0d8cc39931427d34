import { createIntl } from 'react-intl';
import { MESSAGES } from '../common/i18n/index';
import { type Locale, SUPPORTED_LOCALES } from '../common/locales';
import { PAGE_ROUTES } from '../common/routes';
import DEMO_IDENTITY from '../server/src/db/seed/content/identity.json' with { type: 'json' };
import { expect, heading, test } from './fixtures';
import { seriousViolations } from './support/axe';

/** In Chromium: every route renders, locales, redirects, errors, pagination, a11y. */
// The server under test runs the demo contest: its name is the demo organiser's identity.
const site = (l: Locale) => DEMO_IDENTITY.i18n[l].siteName;
const title = (l: Locale, key: string) => MESSAGES[l][key as 'site.name'];

type Sample = { path: string; expectTitle: (l: Locale) => Promise<string> | string };

async function apiTitle(request: import('@playwright/test').APIRequestContext, url: string, l: Locale) {
  const res = await request.get(url, { headers: { 'x-locale': l } });
  return (await res.json()).data.title as string;
}

test.describe('every route, bare and under each /{lang}', () => {
  test('renders its title with no console error and no CSP violation', async ({ page, request, expectClean }) => {
    const samples: Sample[] = PAGE_ROUTES.map((r) => {
      const path = r.path.replace(':id', '1');
      if (r.path === 'events/:id') return { path, expectTitle: (l) => apiTitle(request, '/api/news/1', l) };
      if (r.path === 'exhibition/:id') return { path, expectTitle: (l) => apiTitle(request, '/api/exhibitions/1', l) };
      if (r.path === 'gallery/:id') return { path, expectTitle: (l) => apiTitle(request, '/api/gallery/entries/1', l) };
      // Signed out, /account and /submitWorks send the visitor to log in (and back afterwards).
      if (r.path === 'account' || r.path === 'submitWorks') return { path, expectTitle: (l) => title(l, 'route.login') };
      return { path, expectTitle: (l) => title(l, r.titleKey) };
    });
    for (const s of samples) {
      const forms: [string, Locale][] = [[`/${s.path}`, 'zh-CN']];
      if (PAGE_ROUTES.find((r) => r.path.replace(':id', '1') === s.path)?.localized !== false) {
        for (const l of SUPPORTED_LOCALES) forms.push([`/${l}/${s.path}`, l]);
      }
      for (const [url, locale] of forms) {
        await page.goto(url);
        await heading(page);
        const expected = await s.expectTitle(locale);
        await expect(page, url).toHaveTitle(`${expected} - ${site(locale)}`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
      }
    }
    expectClean();
  });

  test('/ and /zh-TW redirect to home; /en-US/nope shows the 404 page', async ({ page, expectClean }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/zh-TW');
    await expect(page).toHaveURL(/\/zh-TW\/home$/);
    await expect(page.locator('main h1')).toHaveText(DEMO_IDENTITY.i18n['zh-TW'].heroTitle);
    const res = await page.goto('/en-US/nope');
    expect(res?.status()).toBe(404);
    await expect(page.locator('main h1')).toHaveText(MESSAGES['en-US']['route.404']);
    await expect(page.getByRole('link', { name: MESSAGES['en-US']['common.backToHome'] })).toBeVisible();
    await page.goto('/zh-CN/share');
    await expect(page.locator('main h1')).toHaveText(MESSAGES['zh-CN']['route.404']);
    expectClean();
  });
});

test('a server error on a page load shows /500 and the request-error notification', async ({ page }) => {
  await page.route('**/api/news?**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 9500, msg: 'Something went wrong' }) }),
  );
  // The painted /events carries its list; the failure is the browser's own load, on the way there from the home page.
  await page.goto('/en-US/home');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
  await page.getByRole('navigation', { name: MESSAGES['en-US']['menu.main'] }).getByRole('link', { name: MESSAGES['en-US']['route.events'] }).click();
  await expect(page).toHaveURL(/\/en-US\/500$/);
  await expect(page.locator('main h1')).toHaveText(MESSAGES['en-US']['route.500']);
  await expect(page.getByText('Request error 500')).toBeVisible();
});

test('switching language changes the text in place and the URL prefix, and survives a reload', async ({ page, expectClean }) => {
  await page.goto('/zh-CN/professionalJury');
  await expect(page.locator('main h1')).toHaveText(MESSAGES['zh-CN']['route.professionalJury']);
  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
  await page.getByLabel(MESSAGES['zh-CN']['common.language']).selectOption('en-US');
  await expect(page).toHaveURL(/\/en-US\/professionalJury$/);
  await expect(page.locator('main h1')).toHaveText(MESSAGES['en-US']['route.professionalJury']);
  await expect(page.getByText('Lin Moran')).toBeVisible();
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('umi_locale'))).toBe('en-US');

  // Bare URLs stay bare; the stored choice decides the language after a reload.
  await page.goto('/eventDetails');
  await expect(page.locator('main h1')).toHaveText('Contest Details');
  await page.getByLabel('Language').selectOption('zh-TW');
  await expect(page).toHaveURL(/\/eventDetails$/);
  await expect(page.locator('main h1')).toHaveText('大賽詳情');
  await page.reload();
  await expect(page.locator('main h1')).toHaveText('大賽詳情');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  expectClean();
});

test('the browser language decides when nothing is stored: en-US gets English, fr-FR gets zh-CN', async ({ browser }) => {
  for (const [browserLocale, expected] of [
    ['en-US', 'en-US'],
    ['fr-FR', 'zh-CN'],
  ] as const) {
    const context = await browser.newContext({ locale: browserLocale });
    const page = await context.newPage();
    await page.goto('/professionalJury');
    await expect(page.locator('main h1')).toHaveText(MESSAGES[expected]['route.professionalJury']);
    await context.close();
  }
});

test.describe('news pagination', () => {
  for (const locale of SUPPORTED_LOCALES) {
    test(`page 2 works in ${locale}, and a short list gets a simple pager`, async ({ page, request, expectClean }) => {
      const total = (await (await request.get('/api/news')).json()).data.total as number;
      await page.goto(`/${locale}/events`);
      const pager = page.locator('.ant-pagination');
      const totalText = createIntl({ locale, messages: MESSAGES[locale] }).formatMessage({ id: 'pagination.total' }, { total });
      await expect(pager.getByText(totalText)).toBeVisible();
      // Two pages of news: page links and the total, no page-size menu or "Go to" box (pager-controls.ts has the rule).
      expect(total).toBeLessThan(50);
      const jumpTexts = { 'en-US': ['Go to', '/ page'], 'zh-CN': ['跳至', '条/页'], 'zh-TW': ['跳至', '條/頁'] }[locale];
      const pagerText = (await pager.textContent()) ?? '';
      for (const t of jumpTexts) expect(pagerText).not.toContain(t);
      await expect(pager.getByRole('combobox')).toHaveCount(0);
      await expect(pager.getByRole('textbox')).toHaveCount(0);
      const firstPage = await page.locator('.news-card-title').allTextContents();
      expect(firstPage).toHaveLength(10);
      await pager.getByTitle('2', { exact: true }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.locator('.news-card-title')).toHaveCount(total - 10);
      const secondPage = await page.locator('.news-card-title').allTextContents();
      expect(secondPage.some((t) => firstPage.includes(t))).toBe(false);
      expectClean();
    });
  }
});

test('the phone layout opens the drawer menu and navigates', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/en-US/home');
  await expect(page.locator('.desktop-nav')).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Main menu' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Expert Jury' }).click();
  await expect(page).toHaveURL(/\/en-US\/professionalJury$/);
  await expect(drawer).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test.describe('accessibility (axe-core)', () => {
  for (const path of ['/home', '/events', '/professionalJury', '/exhibition', '/en-US/home']) {
    test(`no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await heading(page);
      const bad = await seriousViolations(page);
      expect(bad).toEqual([]);
    });
  }
});

test('the served HTML of /en-US/events/<id> carries that item’s English title as og:title (what a crawler reads)', async ({ request }) => {
  const list = (await (await request.get('/api/news?pageSize=3', { headers: { 'x-locale': 'en-US' } })).json()).data.items as { id: number; title: string }[];
  for (const item of list) {
    const res = await request.get(`/en-US/events/${item.id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const og = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
    expect(
      og
        ?.replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    ).toBe(item.title);
    expect(html).toContain('<html lang="en-US"');
  }
});
