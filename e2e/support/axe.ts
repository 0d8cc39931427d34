import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe-core violations (WCAG 2.0 to 2.2, A and AA) of the page once its network is
 * idle, one line each: the impact, the rule, how many elements, then the elements.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A page that solves a proof-of-work challenge on load (/share's report form) starts a worker per core and
  // terminates the rest once one finds the number; a worker terminated while its script was still loading is
  // never reported finished, so "network idle" may never come (1 load in 8-24 since API answers got lighter and
  // the challenge arrives sooner). Ten seconds is far more than any page here needs to load its content.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // The pointer rests in a corner: a button left under it by the last click shows its hover colours.
  await page.mouse.move(0, 0);
  // Colours are read once transitions have ended: a menu item fading out of its selected state after a
  // navigation, or a button fading in as it becomes enabled, has for a moment a colour between the two, which a
  // slow machine can catch mid-way. A transition starts only at the next frame after the change that causes it,
  // so two frames pass before the check.
  const still = async () => {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    );
  };
  const scan = async () => {
    await still();
    return new AxeBuilder({ page })
      .options({
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        // WCAG 2.5.3 (label in name): axe ships it as experimental, so it runs only when asked for.
        rules: { 'label-content-name-mismatch': { enabled: true } },
      })
      .analyze();
  };
  let results = await scan();
  // A finding is one a reader meets: a colour caught mid-change (a late re-render) is gone a moment later, a real
  // one is still there, so a page with findings is read once more and the second reading counts.
  if (results.violations.some((v) => v.impact === 'serious' || v.impact === 'critical')) {
    await page.waitForTimeout(500);
    results = await scan();
  }
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
