import type { Page } from '@playwright/test';
import { MESSAGES } from '../common/i18n/index';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { publicRoutePaths } from './support/public-paths';

/**
 * Every public page at 390 px and 1280 px keeps its main content between the page's content
 * edges. The left edge is where the page's heading starts (the banner's title, else the h1); the right
 * edge mirrors it. An element of <main> that starts left of the edge or ends right of the mirrored edge is
 * named, unless it is a full-width band outside the page's .container (a tinted section, the header banner)
 * or sits inside a box that clips or scrolls. A box counts with its background, border or shadow when it
 * paints one, else by its content. A full-page screenshot of each page is attached to the test.
 */
const WIDTHS = [390, 1280];
const en = MESSAGES['en-US'];

/** The elements of <main> outside the content edges, as "tag.class (left-right)" with the edges they broke. */
function outOfBounds(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    // The banner's title where the page has one (on a film's page the h1 is the film's title, in its panel).
    const h1 = main?.querySelector('.page-header h1, .page-header-title') ?? main?.querySelector('h1');
    if (!main || !h1) return ['no main h1'];
    const width = document.documentElement.clientWidth;
    const left = h1.getBoundingClientRect().left;
    const right = width - left;
    const found: string[] = [];
    // What the eye sees of a box: all of it when it paints a background, border or shadow, else only its
    // content (a bare wrapper's padding is invisible; it is how the content edge is made).
    const seen = (el: Element, style: CSSStyleDeclaration) => {
      const box = el.getBoundingClientRect();
      const painted =
        !/rgba\(.*, 0\)|transparent/.test(style.backgroundColor) ||
        style.backgroundImage !== 'none' ||
        parseFloat(style.borderLeftWidth) > 0 ||
        style.boxShadow !== 'none';
      if (painted) return { left: box.left, right: box.right };
      const px = (v: string) => parseFloat(v) || 0;
      return { left: box.left + px(style.paddingLeft) + px(style.borderLeftWidth), right: box.right - px(style.paddingRight) - px(style.borderRightWidth) };
    };
    const visit = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const box = seen(el, style);
      const shown = rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden' && style.position !== 'fixed';
      // A full-width band (hero, page banner, tinted section) sits outside the page's .container; inside one,
      // spanning the screen is the defect this test looks for.
      const band = rect.left <= 0.5 && rect.right >= width - 0.5 && !el.parentElement?.closest('.container');
      if (shown && !band && (box.left < left - 1 || box.right > right + 1)) {
        const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
        found.push(`${name} (${Math.round(box.left)}-${Math.round(box.right)}, edges ${Math.round(left)}-${Math.round(right)})`);
        return; // its children would repeat the same finding
      }
      if (style.overflowX !== 'visible') return;
      for (const child of el.children) visit(child);
    };
    for (const child of main.children) visit(child);
    if (document.documentElement.scrollWidth > width) found.push(`page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    return found;
  });
}

for (const width of WIDTHS) {
  test(`at ${width} px every public page keeps its content within the heading's edges`, async ({ page, request, expectClean }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    for (const path of [...(await publicRoutePaths(request, { signedIn: false })).map((p) => `/en-US/${p}`), '/share']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      // The load event and the fonts, not "network idle": in one full run /share never reached an idle network
      // within the test's three minutes on a busy machine (its retry did at once), and the boxes need neither.
      await page.waitForLoadState('load');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      found.push(...(await outOfBounds(page)).map((f) => `${path}: ${f}`));
      await testInfo.attach(`${width}${path.replace(/\//g, '_')}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    }
    expect(found).toEqual([]);
    expectClean();
  });
}

test('at 390 px the header keeps one row and the site name at most two lines, in every locale', async ({ page, expectClean }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const found: string[] = [];
  for (const locale of ['zh-CN', 'zh-TW', 'en-US']) {
    await page.goto(`/${locale}/home`);
    await expect(page.locator('.site-header [data-testid="site-name"]')).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const box = await page.evaluate(() => {
      const name = document.querySelector('.site-header [data-testid="site-name"]') as HTMLElement;
      const menu = document.querySelector('.site-header .menu-button') as HTMLElement;
      const lineHeight = parseFloat(getComputedStyle(name).lineHeight);
      return {
        lines: Math.round(name.getBoundingClientRect().height / lineHeight),
        nameTop: name.getBoundingClientRect().top,
        menuTop: menu.getBoundingClientRect().top,
        headerHeight: (document.querySelector('.site-header') as HTMLElement).getBoundingClientRect().height,
      };
    });
    if (box.lines > 2) found.push(`${locale}: site name in ${box.lines} lines`);
    if (box.headerHeight > 80) found.push(`${locale}: header ${box.headerHeight} px high`);
  }
  expect(found).toEqual([]);
  expectClean();
});

test('at 390 px the open menu keeps Tab inside it, and Escape closes it and returns to the menu button', async ({ page, expectClean }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en-US/home');
  // The menu's items depend on answers that arrive after the first paint (who is signed in, whether results are
  // out: another spec may have published them); count them once they are all in.
  await page.waitForLoadState('networkidle');
  // The subject is the live menu's focus: used once the app has taken the painted page over.
  await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
  const menuButton = page.getByRole('button', { name: en['common.openMenu'] });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: en['menu.main'] });
  await expect(drawer).toBeVisible();
  const stops = drawer.locator('a[href], button');
  const n = await stops.count();
  expect(n).toBeGreaterThan(2);
  // Opening puts focus on the first item; Tab walks every item and from the last comes back to the first.
  await expect(stops.first()).toBeFocused();
  for (let i = 1; i < n; i++) {
    await page.keyboard.press('Tab');
    await expect(stops.nth(i)).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(stops.first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(stops.last()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(stops.nth(n - 2)).toBeFocused();
  await page.screenshot({ path: 'test-results/menu-open-390.png' });
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const closedButton = page.getByRole('button', { name: en['common.openMenu'] });
  await expect(closedButton).toBeFocused();
  await expect(closedButton).toHaveAttribute('aria-expanded', 'false');

  // The dialog's own close button (its last stop) closes it too, and focus goes back to the menu button.
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  const closeInside = drawer.getByRole('button', { name: en['common.closeMenu'] });
  await expect(closeInside).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(closeInside).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: en['common.openMenu'] })).toBeFocused();
  expectClean();
});
