import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';

/**
 * In Chromium: the public forms' antd controls wear the site's theme. The site's own primary button is measured
 * from a probe with its classes (.btn.btn-primary) put into the page, so the test follows the stylesheet: the
 * antd primary button has its gold, its navy text, 16 px and its height; fields are 16 px; fonts follow the locale.
 * Screenshots of the login form go to test-results/theme-login-*.png.
 */
type Look = { background: string; color: string; fontSize: string; fontWeight: string; height: number; fontFamily: string };

function looks(page: Page): Promise<{ antd: Look; site: Look; field: string }> {
  return page.evaluate(() => {
    const read = (el: HTMLElement): Look => {
      const s = getComputedStyle(el);
      return {
        background: s.backgroundColor,
        color: s.color,
        fontSize: s.fontSize,
        fontWeight: s.fontWeight,
        height: Math.round(el.getBoundingClientRect().height),
        fontFamily: s.fontFamily,
      };
    };
    const button = document.querySelector('main .ant-btn-primary') as HTMLElement;
    const probe = document.createElement('a');
    probe.className = 'btn btn-primary';
    probe.textContent = 'Probe';
    // In <main>, outside antd's scope, where the site's own buttons sit (antd's forms set their own line height).
    document.querySelector('main')?.appendChild(probe);
    const site = read(probe);
    probe.remove();
    const field = document.querySelector('main .ant-input') as HTMLElement;
    return { antd: read(button), site, field: getComputedStyle(field).fontSize };
  });
}

for (const path of ['contactUs', 'login', 'register']) {
  test(`/${path}: the antd primary button is the site's gold 16 px button, and fields are 16 px`, async ({ page, expectClean }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/en-US/${path}`);
    // Enabled once the app has taken the painted page over; its colour then eases in from the disabled grey.
    await expect(page.locator('main .ant-btn-primary')).toBeEnabled();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.mouse.move(0, 0);
    const { antd, site, field } = await looks(page);
    expect(site.background, JSON.stringify({ antd, site })).toBe('rgb(255, 176, 32)');
    expect(antd.background).toBe(site.background);
    expect(antd.color).toBe(site.color);
    expect(antd.fontSize).toBe('16px');
    expect(antd.fontWeight).toBe(site.fontWeight);
    expect(Math.abs(antd.height - site.height), JSON.stringify({ antd, site })).toBeLessThanOrEqual(1);
    expect(field).toBe('16px');
    expect(await seriousViolations(page)).toEqual([]);
    expectClean();
  });
}

test('antd controls take each locale font stack: Simplified, Traditional, Latin first', async ({ page, expectClean }) => {
  const firstNamed = (family: string) => family.split(',').map((f) => f.trim().replace(/"/g, ''))[3];
  for (const [locale, first] of [
    ['zh-CN', 'PingFang SC'],
    ['zh-TW', 'PingFang TC'],
    ['en-US', 'Roboto'],
  ] as const) {
    await page.goto(`/${locale}/login`);
    await expect(page.locator('main .ant-btn-primary')).toBeEnabled();
    const { antd } = await looks(page);
    // After the system-UI names (-apple-system, BlinkMacSystemFont, Segoe UI) comes the locale's own font.
    expect(firstNamed(antd.fontFamily), `${locale}: ${antd.fontFamily}`).toBe(first);
    const body = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(firstNamed(body), `${locale} body: ${body}`).toBe(first);
    if (locale === 'zh-TW') expect(antd.fontFamily).not.toContain('SC');
  }
  expectClean();
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`the login form at ${width} px (screenshot)`, async ({ page, expectClean }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/en-US/login');
    await expect(page.locator('main .ant-btn-primary')).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `test-results/theme-login-${width}.png` });
    expectClean();
  });
}
