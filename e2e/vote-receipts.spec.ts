import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '../common/i18n/index';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { createOrganiser } from './support/entrant-ui';
import { votedState } from './support/voted-state';

/**
 * A vote anyone can check, in Chromium on the demo contest: a person votes with the button, copies the receipt
 * shown under it and checks it on the receipt page (counted). A script-like burst from one browser (cookies
 * dropped between clicks) is voided by the organiser in the console's fraud review; the burst's receipt then
 * says voided, with the reason. The organiser closes voting, publishes the transparency report with the
 * console's switch, and the public page shows the entry's voided votes and reason and the chain's head. The
 * voting phase is put back afterwards, so the other specs find voting open.
 */
const en = MESSAGES['en-US'];
const zh = MESSAGES['zh-CN'];
const ADMIN = { email: `receipts-admin-${Date.now()}@example.test`, password: 'Receipt-Adm-9!' };
const PERSON_ENTRY = 23;
const BURST_ENTRY = 24;
const BURST = 3;
let headers: Record<string, string> = {};
let votingBefore: { start: string; end: string } | undefined;

test.describe.configure({ mode: 'serial' });

async function voteWithButton(page: Page) {
  await page.getByRole('button', { name: en['vote.button'], exact: true }).click();
  await expect(votedState(page)).toBeVisible();
  await expect(page.getByTestId('vote-receipt')).toBeVisible();
  return (await page.getByTestId('vote-receipt-code').textContent())?.trim() ?? '';
}

async function settings(request: APIRequestContext, more: Record<string, unknown>) {
  const current = (await (await request.get('/api/admin/settings', { headers })).json()).data;
  const saved = await request.put('/api/admin/settings', { headers, data: { ...current, organiserEmail: current.organiserEmail || ADMIN.email, ...more } });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function signIn(page: Page) {
  await page.goto('/admin/#/login');
  await page.getByLabel(zh['console.login.email'] as string).fill(ADMIN.email);
  await page.getByLabel(zh['console.login.password'] as string).fill(ADMIN.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
}

/** Clicks a votes-page tab until its panel shows (a click during the sign-in check's re-render is lost). */
async function openTab(page: Page, name: string, shows: ReturnType<Page['getByTestId']>) {
  await expect(async () => {
    await page.getByRole('tab', { name }).click();
    await expect(shows).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test.beforeAll(async ({ request }) => {
  createOrganiser(ADMIN.email, ADMIN.password);
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const phases = (await (await request.get('/api/admin/phases', { headers })).json()).data.phases as { phase: string; start: string; end: string }[];
  const voting = phases.find((p) => p.phase === 'voting');
  votingBefore = voting?.start ? { start: voting.start, end: voting.end } : undefined;
  // Every e2e vote comes from 127.0.0.1: the step-up is raised so the burst is not priced out by other specs' votes.
  await settings(request, { voterMode: 'anonymous', stepUpPerHour: 1000 });
});

test.afterAll(async ({ request }) => {
  await request.put('/api/admin/votes/transparency', { headers, data: { published: false } });
  if (votingBefore) await request.put('/api/admin/phases/voting', { headers, data: votingBefore });
  await settings(request, { stepUpPerHour: 30 });
});

test('a person votes, copies the receipt and finds the vote counted on the receipt page', async ({ page, context, expectClean }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/en-US/gallery/${PERSON_ENTRY}`);
  const receipt = await voteWithButton(page);
  expect(receipt).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{1,5}){5}$/);
  await page.getByRole('button', { name: en['receipt.copy'] }).click();
  await expect(page.getByText(en['receipt.copied'])).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(receipt);
  await page.screenshot({ path: 'test-results/vote-receipt-entry-1280.png' });
  expect(await seriousViolations(page)).toEqual([]);

  // The holder types the copied receipt into the public page.
  await page.goto('/en-US/voteReceipt');
  await page.getByLabel(en['receipt.label']).fill(copied);
  await page.getByRole('button', { name: en['receipt.check'] }).click();
  const outcome = page.getByTestId('receipt-outcome');
  await expect(outcome).toContainText(en['receipt.counted']);
  await page.screenshot({ path: 'test-results/vote-receipt-page-1280.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByLabel(en['receipt.label']).fill(copied);
  await page.getByRole('button', { name: en['receipt.check'] }).click();
  await expect(outcome).toContainText(en['receipt.counted']);
  await page.screenshot({ path: 'test-results/vote-receipt-page-390.png', fullPage: true });
  // A mistyped receipt gets the catalogue's text on the field.
  await page.getByLabel(en['receipt.label']).fill('nonsense');
  await page.getByRole('button', { name: en['receipt.check'] }).click();
  await expect(page.getByRole('alert')).toContainText('26');
  expect(await seriousViolations(page)).toEqual([]);
  expectClean();
});

test('the organiser voids a burst in the console; after close the transparency page shows it', async ({ page, context, request, expectClean }) => {
  test.setTimeout(150_000);
  const reason = `Burst from one browser ${Date.now()}`;
  await page.goto(`/en-US/gallery/${BURST_ENTRY}`);
  let burstReceipt = '';
  for (let i = 0; i < BURST; i++) {
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    burstReceipt = await voteWithButton(page);
  }

  await signIn(page);
  await page.goto('/admin/#/votes');
  const entryPicker = page.getByRole('combobox', { name: zh['console.votes.review.entry'] });
  await expect(async () => {
    await page.getByRole('tab', { name: zh['console.votes.review'] }).click();
    await expect(entryPicker).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const target = (await (await request.get(`/api/gallery/entries/${BURST_ENTRY}`)).json()).data as { entryNo: number; title: string };
  await entryPicker.click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `${target.entryNo} · ${target.title}` })
    .click();
  await expect(page.getByTestId('timeline-summary')).toBeVisible();
  await page.getByLabel(zh['console.votes.review.cidr'] as string).fill('127.0.0.1');
  await page.getByLabel(zh['console.votes.review.reason'] as string).fill(reason);
  await page.getByRole('button', { name: zh['console.votes.review.preview'] }).click();
  await page.getByRole('button', { name: (zh['console.votes.review.voidCount'] as string).replace('{count}', String(BURST)) }).click();
  const log = page.getByRole('region', { name: zh['console.votes.review.actions'] });
  await expect(log.getByRole('row').filter({ hasText: reason })).toBeVisible();

  // The burst's receipt now says voided, and why.
  await page.goto(`/en-US/voteReceipt?code=${encodeURIComponent(burstReceipt)}`);
  await expect(page.getByTestId('receipt-outcome')).toContainText(en['receipt.voided']);
  await expect(page.getByTestId('receipt-outcome')).toContainText(reason);
  await page.screenshot({ path: 'test-results/vote-receipt-voided-1280.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Before close: not published.
  await page.goto('/en-US/transparency');
  await expect(page.getByTestId('transparency-unpublished')).toContainText(en['transparency.afterClose']);

  // The organiser closes voting (the phase editor's route) and publishes with the console's switch.
  const closed = await request.put('/api/admin/phases/voting', {
    headers,
    data: { start: new Date(Date.now() - 3 * 86_400_000).toISOString(), end: new Date(Date.now() - 1000).toISOString() },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/admin/#/votes');
  const fraud = page.getByTestId('fraud-index');
  await openTab(page, zh['console.voteCheck.tab'] as string, fraud);
  await expect(fraud.getByRole('row').filter({ hasText: target.title })).toBeVisible();
  const head = (await page.getByTestId('console-chain-head').textContent())?.trim() ?? '';
  expect(head).toMatch(/^[0-9a-f]{64}/);
  await page.getByRole('switch', { name: zh['console.voteCheck.publish'] }).click();
  await expect(page.getByText(zh['console.voteCheck.published'] as string)).toBeVisible();
  await page.screenshot({ path: 'test-results/console-fraud-index-1280.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await openTab(page, zh['console.voteCheck.tab'] as string, fraud);
  await page.screenshot({ path: 'test-results/console-fraud-index-390.png', fullPage: true });

  await page.setViewportSize({ width: 1280, height: 1000 });
  // The page was read before close: the browser may show that answer once while it revalidates (stale-while-revalidate).
  const row = page.getByTestId('transparency-entry').filter({ hasText: target.title });
  await expect(async () => {
    await page.goto('/en-US/transparency');
    await expect(row).toContainText(reason, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.locator('.tp-voided dd')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('chain-head')).toHaveText(head.slice(0, 64));
  await page.screenshot({ path: 'test-results/transparency-1280.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row).toContainText(reason);
  await page.screenshot({ path: 'test-results/transparency-390.png', fullPage: true });
  expectClean();
});
