import type { Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY } from '../common/constants';
import { SUPPORTED_LOCALES } from '../common/locales';
import { expect, test } from './fixtures';
import { registerThroughApi } from './support/api-entrant';
import { seriousViolations } from './support/axe';
import { createOrganiser } from './support/entrant-ui';
import { publicRoutePaths } from './support/public-paths';

/**
 * Issue M: axe-core with the WCAG 2.0-2.2 A/AA rules on every public route in the three locales (plus the
 * bare /share) and on every console page; any serious or critical violation fails the page's test, naming the
 * rule and the elements. Detail pages use the first item the public API lists; /account is read signed in.
 */
const ADMIN = { email: 'e2e-axe-organiser@example.test', password: 'Organ1ser!axe' };

async function expectNoSerious(page: Page) {
  await expect(page.locator('main h1, h1').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('axe on every public page', () => {
  for (const locale of SUPPORTED_LOCALES) {
    test(`every public route in ${locale}`, async ({ page, request, expectClean }) => {
      test.setTimeout(240_000);
      const entrant = await registerThroughApi(request, { email: `e2e-axe-${locale}-${Date.now()}@example.test` });
      await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [ACCESS_TOKEN_KEY, entrant.token] as const);
      const found: string[] = [];
      for (const path of await publicRoutePaths(request, { signedIn: true })) {
        await page.goto(`/${locale}/${path}`);
        await expect(page.locator('main h1, h1').first()).toBeVisible();
        found.push(...(await seriousViolations(page)).map((v) => `/${locale}/${path} ${v}`));
      }
      expect(found).toEqual([]);
      expectClean();
    });
  }

  test('the bare /share page', async ({ page, expectClean }) => {
    await page.goto('/share');
    await expectNoSerious(page);
    expectClean();
  });
});

const CONSOLE_PAGES = [
  '/',
  '/entries',
  '/content/news',
  '/content/jury',
  '/content/exhibitions',
  '/content/sponsors',
  '/content/templates',
  '/content/scamTips',
  '/pages',
  '/votes',
  '/inbox',
  '/settings',
  '/users',
];

test.describe('axe on every console page', () => {
  test.beforeAll(() => createOrganiser(ADMIN.email, ADMIN.password));

  test('the console sign-in and every page behind it', async ({ page, expectClean }) => {
    test.setTimeout(180_000);
    await page.goto('/admin/#/login');
    await expect(page.locator('h1').first()).toBeVisible();
    const found = (await seriousViolations(page)).map((v) => `/login ${v}`);
    await page.getByLabel('邮箱').fill(ADMIN.email);
    await page.getByLabel('密码').fill(ADMIN.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
    for (const hash of CONSOLE_PAGES) {
      await page.goto(`/admin/#${hash}`);
      await expect(page.locator('h1').first()).toBeVisible();
      // Tables and charts fill in after their queries; axe reads the page once they have.
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      found.push(...(await seriousViolations(page)).map((v) => `${hash} ${v}`));
    }
    expect(found).toEqual([]);
    expectClean();
  });
});
