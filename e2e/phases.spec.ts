import type { APIRequestContext } from '@playwright/test';
import type { PhasesAnswer } from '../common/console/phases';
import { MESSAGES } from '../common/i18n/index';
import { expect, recordProblems, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { createOrganiser } from './support/entrant-ui';

/**
 * The contest calendar across time zones: the organiser, in a browser set to UTC, types the awards phase one
 * phase at a time in the console (the contest's zone, Asia/Shanghai, is named above the list); a visitor in
 * Asia/Shanghai reads the same 00:00 and 23:59 on the same day, labelled with the zone. A phase that collides
 * with another is flagged beside it. The demo's own phases are put back afterwards for the other specs.
 */
const e = (key: string) => MESSAGES['en-US'][key as 'site.name'];
const stamp = Date.now().toString(36);
const ORGANISER = { email: `phases-organiser-${stamp}@example.test`, password: 'Organ1ser!x' };
const SHOTS = 'test-results/phases';
const DAY = 86_400_000;

test.describe.configure({ mode: 'serial' });

let saved: PhasesAnswer | null = null;
let token = '';

/** A calendar day `days` from now as "YYYY-MM-DD" (the digits the organiser types). */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** "Mar 5" for "2027-03-05", as the visitors' timeline writes the day in English. */
const shortDay = (day: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(new Date(`${day}T00:00:00Z`));

async function restore(request: APIRequestContext) {
  if (!saved) return;
  for (const row of saved.phases) {
    const headers = { authorization: `Bearer ${token}` };
    const res = row.start
      ? await request.put(`/api/admin/phases/${row.phase}`, { headers, data: { start: row.start, end: row.end } })
      : await request.delete(`/api/admin/phases/${row.phase}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
  }
}

test.beforeAll(async ({ request }) => {
  createOrganiser(ORGANISER.email, ORGANISER.password);
  token = (await (await request.post('/api/auth/login', { data: ORGANISER })).json()).data.token;
  saved = (await (await request.get('/api/admin/phases', { headers: { authorization: `Bearer ${token}` } })).json()).data;
});

test.afterAll(async ({ request }) => restore(request));

test('the organiser sets phases one at a time from a UTC browser; a visitor in Asia/Shanghai reads the same times, labelled', async ({ browser }) => {
  test.setTimeout(180_000);
  const judgingEnd = saved?.phases.find((p) => p.phase === 'judging')?.endLocal?.slice(0, 10) ?? dayFromNow(64);
  // Awards the day after judging ends, in whole days from now (never a fixed date).
  const day = new Date(Date.parse(`${judgingEnd}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

  const organiser = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const page = await organiser.newPage();
  const problems = await recordProblems(page);
  await page.addInitScript(() => localStorage.setItem('umi_locale', 'en-US'));
  await page.goto('/admin/#/login');
  await page.getByLabel(e('console.login.email')).fill(ORGANISER.email);
  await page.getByLabel(e('console.login.password')).fill(ORGANISER.password);
  await page.getByRole('button', { name: e('console.login.submit') }).click();
  await page.getByRole('menuitem', { name: e('console.menu.settings') }).click();
  await expect(page.getByTestId('phase-zone')).toContainText('Asia/Shanghai (UTC+8)');

  const awards = page.getByTestId('phase-awards');
  const typeRange = async (start: string, end: string) => {
    await page.locator('#phase-awards').click();
    await page.locator('#phase-awards').fill(start);
    await page.locator('#phase-awards').press('Enter');
    await page.locator('#phase-awards-end').fill(end);
    await page.locator('#phase-awards-end').press('Enter');
    await awards.getByRole('button', { name: `Save ${e('phase.awards')}` }).click();
    await expect(page.getByText(`${e('phase.awards')} saved`).last()).toBeVisible();
  };

  // First a slip: awards starting before judging ends. Saved, and flagged beside the phase.
  await typeRange(`${judgingEnd} 00:00`, `${day} 23:59`);
  await expect(page.getByTestId('phase-awards-conflict')).toContainText(e('phase.judging'));
  await page.screenshot({ path: `${SHOTS}/settings-conflict-1280.png`, fullPage: true });
  // Then the right day: 00:00 to 23:59, and the warning goes.
  await typeRange(`${day} 00:00`, `${day} 23:59`);
  await expect(page.getByTestId('phase-awards-conflict')).toHaveCount(0);
  await expect(page.locator('#phase-awards')).toHaveValue(`${day} 00:00`);
  await expect(page.locator('#phase-awards-end')).toHaveValue(`${day} 23:59`);

  // Stored as that minute in Beijing, whatever this browser's zone.
  const answer = (await (await page.request.get('/api/admin/phases', { headers: { authorization: `Bearer ${token}` } })).json()).data as PhasesAnswer;
  const stored = answer.phases.find((p) => p.phase === 'awards');
  expect(stored?.end).toBe(new Date(Date.parse(`${day}T23:59:00Z`) - 8 * 3_600_000).toISOString());

  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByTestId('phase-awards')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/settings-${width}.png`, fullPage: true });
  }
  expect(problems.list).toEqual([]);
  await organiser.close();

  // The visitor in Beijing.
  const visitor = await browser.newContext({ timezoneId: 'Asia/Shanghai', locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const v = await visitor.newPage();
  await v.goto('/en-US/eventDetails');
  const item = v.locator('.timeline-item').filter({ hasText: e('phase.awards') });
  await expect(item).toContainText(`${shortDay(day)}, 00:00`);
  await expect(item).toContainText(`${shortDay(day)}, 23:59`);
  await expect(v.getByTestId('timeline-zone')).toHaveText('All times in Asia/Shanghai (UTC+8)');
  await v.getByTestId('timeline-zone').scrollIntoViewIfNeeded();
  await v.screenshot({ path: `${SHOTS}/visitor-timeline-1280.png` });
  await visitor.close();
});

test('before voting opens the gallery says when it opens, in three locales, and an approved entry page is not public', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${token}` };
  const entry = (await (await request.get('/api/gallery?pageSize=1')).json()).data.items[0] as { id: number } | undefined;
  // The organiser moves voting to start tomorrow (put back after this test).
  const opens = new Date(Date.now() + DAY);
  const moved = await request.put('/api/admin/phases/voting', {
    headers,
    data: { start: opens.toISOString(), end: new Date(Date.now() + 3 * DAY).toISOString() },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  const visitor = await browser.newContext({ timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 900 } });
  const page = await visitor.newPage();
  const problems = await recordProblems(page);
  for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const) {
    await page.goto(`/${locale}/gallery`);
    const notice = page.getByTestId('gallery-coming-soon');
    await expect(notice).toContainText(MESSAGES[locale]['gallery.comingSoon.title' as 'site.name']);
    await expect(notice).toContainText('Asia/Shanghai (UTC+8)');
    await expect(page.locator('.entry-grid')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/gallery-coming-soon-${locale}-1280.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('gallery-coming-soon')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/gallery-coming-soon-en-US-390.png` });
  if (entry) {
    const detail = await request.get(`/api/gallery/entries/${entry.id}`);
    expect(detail.status()).toBe(404);
    expect((await detail.json()).code).toBe(4101);
  }
  // The 404 answers of the entry API above are the only failures the page could have logged: none from the gallery.
  expect(problems.list).toEqual([]);
  await visitor.close();
});
