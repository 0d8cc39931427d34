import type { Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY } from '../common/constants';
import { SUPPORTED_LOCALES } from '../common/locales';
import { expect, test } from './fixtures';
import { registerThroughApi } from './support/api-entrant';
import { seriousViolations } from './support/axe';
import { ORGANISER_CONSOLE_PAGES } from './support/console-pages';
import { createOrganiser } from './support/entrant-ui';
import { publicRoutePaths } from './support/public-paths';
import { chooseOption } from './support/select';

/**
 * Axe-core with the WCAG 2.0-2.2 A/AA rules on every public route in the three locales (plus the
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

const CONSOLE_PAGES = [...ORGANISER_CONSOLE_PAGES, '/entry-form', '/identity'];

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
    // The pointer rests in a corner: a row left hovered by the last click changes its colours, and which row
    // sits under the pointer depends on how many rows earlier specs made.
    const settled = async () => {
      await page.mouse.move(0, 0);
      // Tables and charts fill in after their queries; axe reads the page once they have.
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    };
    for (const hash of CONSOLE_PAGES) {
      await page.goto(`/admin/#${hash}`);
      await expect(page.locator('h1').first()).toBeVisible();
      await settled();
      found.push(...(await seriousViolations(page)).map((v) => `${hash} ${v}`));
    }
    // The entries list opens on pending entries, which earlier specs may or may not have left: read it full too.
    await page.goto('/admin/#/entries');
    await chooseOption(page, page.getByLabel('状态'), '全部');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await settled();
    found.push(...(await seriousViolations(page)).map((v) => `/entries (all) ${v}`));
    expect(found).toEqual([]);
    expectClean();
  });
});

/**
 * The focus ring of every stop a keyboard reaches keeps 3:1 against the colour behind it (WCAG 2.4.13's
 * measure, asked by the issue): the ring's colour against the first painted background among the element's
 * ancestors (a gradient counts by its first colour).
 */
async function weakFocusRings(page: Page, stops: number): Promise<string[]> {
  const weak: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = ([r, g, b]: number[]) => {
        const f = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r ?? 0) + 0.7152 * f(g ?? 0) + 0.0722 * f(b ?? 0);
      };
      // A player's own controls (inside the browser's shadow tree) draw the browser's ring; they are not ours to measure.
      if (el instanceof HTMLMediaElement) return null;
      // A field inside antd's affix wrapper (password, counter) is ringed by the wrapper.
      const ringed = (/^(INPUT|TEXTAREA)$/.test(el.tagName) && el.closest('.ant-input-affix-wrapper')) || el;
      const style = getComputedStyle(ringed);
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) return `${name}: no outline (${style.outlineStyle} ${style.outlineWidth})`;
      let back = [255, 255, 255];
      for (let a = ringed.parentElement; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        const c = rgb(s.backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] === 1)) {
          back = c.slice(0, 3);
          break;
        }
        const g = s.backgroundImage.match(/rgba?\([^)]*\)|#[0-9a-f]{6}/i)?.[0];
        if (g) {
          back = g.startsWith('#') ? [1, 3, 5].map((k) => parseInt(g.slice(k, k + 2), 16)) : rgb(g).slice(0, 3);
          break;
        }
      }
      const [l1, l2] = [lum(rgb(style.outlineColor)), lum(back)].sort((x, y) => y - x) as [number, number];
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      return ratio < 3 ? `${name}: ${ratio.toFixed(2)}:1 (${style.outlineColor} on rgb(${back.join(',')}))` : null;
    });
    if (found) weak.push(found);
  }
  return weak;
}

test('the focus ring keeps 3:1 at every keyboard stop of the main pages', async ({ page, expectClean }) => {
  test.setTimeout(120_000);
  const weak: string[] = [];
  for (const path of ['/en-US/home', '/en-US/gallery', '/en-US/gallery/1', '/en-US/login', '/en-US/contactUs']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    // The load event, not "network idle", which one full run never reached within the test's two minutes.
    await page.waitForLoadState('load');
    weak.push(...(await weakFocusRings(page, 40)).map((w) => `${path} ${w}`));
  }
  expect(weak).toEqual([]);
  expectClean();
});
