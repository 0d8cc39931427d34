import { test as base, expect, type Page } from '@playwright/test';

/**
 * `page` that records console errors, page errors and CSP violations; `expectClean()` fails the test
 * if any happened. Every spec should end with it.
 */
export type Problems = { list: string[] };

/** Starts recording a page's console errors, page errors and CSP violations (any page, any context). */
export async function recordProblems(page: Page): Promise<Problems> {
  const problems: Problems = { list: [] };
  // A page answered 404/500 on purpose (the 404 page, /500) logs its own status; that is not a problem.
  const documents = new Set<string>();
  page.on('response', (res) => {
    if (res.request().isNavigationRequest()) documents.add(res.url());
  });
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const url = msg.location().url;
    if (msg.text().startsWith('Failed to load resource') && documents.has(url)) return;
    problems.list.push(`console: ${msg.text()} @ ${url}`);
  });
  page.on('pageerror', (err) => problems.list.push(`pageerror: ${err.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return problems;
}

export const test = base.extend<{ problems: Problems; expectClean: () => void }>({
  problems: [
    async ({ page }, use) => {
      await use(await recordProblems(page));
    },
    { auto: true },
  ],
  expectClean: async ({ problems }, use) => {
    await use(() => expect(problems.list).toEqual([]));
  },
});

export { expect };

/** Waits for the SPA to render the page heading (the first h1). */
export async function heading(page: Page) {
  const h1 = page.locator('main h1').first();
  await expect(h1).toBeVisible();
  return (await h1.textContent())?.trim() ?? '';
}
