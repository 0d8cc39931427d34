import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, request as apiRequest } from '@playwright/test';
import { MESSAGES } from '../common/i18n/index';
import { expect, recordProblems, test } from './fixtures';
import { registerThroughApi, submitThroughApi } from './support/api-entrant';
import { seriousViolations } from './support/axe';
import { createEmptyInstallOrganiser, EMPTY_BASE_URL, signInToEmptyConsole } from './support/empty-install';
import { votedState } from './support/voted-state';

/**
 * Phone voting in Chromium on the empty install (no SMS provider set: texts land in its SMS outbox). An
 * entrant submits through the product's API and the organiser approves it and opens voting; the organiser
 * switches the voter mode to phone in the console's settings page; a visitor opens the entry, asks for a code
 * for a +86 number in the dialog, reads it from the outbox, votes, gets a receipt and finds it counted on the
 * receipt page. The voter mode and the phases are put back afterwards.
 */
const en = MESSAGES['en-US'];
const zh = MESSAGES['zh-CN'];
const ORGANISER = { email: `phone-organiser-${Date.now().toString(36)}@example.test`, password: 'Phone-Org-9!' };
const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
let api: APIRequestContext;
let headers: Record<string, string> = {};
let entryId = 0;

test.describe.configure({ mode: 'serial' });

/** The last code the empty install's SMS outbox holds for a number (one JSON file per text). */
function outboxCode(e164: string): string | undefined {
  const dir = path.join(process.env.E2E_EMPTY_DATA_DIR ?? '', 'sms-outbox');
  if (!fs.existsSync(dir)) return undefined;
  const texts = fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; code: string });
  return texts.filter((m) => m.to === e164).at(-1)?.code;
}

async function admin(method: 'put' | 'post' | 'get', url: string, data?: unknown) {
  const res = await api[method](url, { headers, ...(data === undefined ? {} : { data }) });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  createEmptyInstallOrganiser(ORGANISER.email, ORGANISER.password);
  api = await apiRequest.newContext({ baseURL: EMPTY_BASE_URL });
  const login = await api.post('/api/auth/login', { data: ORGANISER });
  headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  await admin('put', '/api/admin/phases/submission', { start: at(-2 * HOUR), end: at(24 * HOUR) });
  const entrant = await registerThroughApi(api, { email: `phone-entrant-${Date.now().toString(36)}@example.test`, locale: 'en-US' });
  entryId = (await submitThroughApi(api, entrant, { title: 'Dial Tone', team: 'Night Line' })).id;
  await admin('post', `/api/admin/entries/${entryId}/approve`);
  await admin('put', '/api/admin/phases/submission', { start: at(-2 * HOUR), end: at(-60_000) });
  await admin('put', '/api/admin/phases/voting', { start: at(-30_000), end: at(24 * HOUR) });
});

test.afterAll(async () => {
  if (!api) return;
  const current = (await admin('get', '/api/admin/settings')).data;
  await admin('put', '/api/admin/settings', { ...current, voterMode: 'anonymous' });
  await api.dispose();
});

test('the organiser picks phone voting; a visitor votes with a texted code and checks the receipt', async ({ page, browser, expectClean }) => {
  test.setTimeout(120_000);
  await signInToEmptyConsole(page, ORGANISER.email, ORGANISER.password);
  await page.goto(`${EMPTY_BASE_URL}/admin/#/settings`);
  await page.getByLabel(zh['console.settings.voterMode.phone'] as string).check();
  await page.getByLabel(zh['console.settings.organiserEmail'] as string).fill(ORGANISER.email);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/settings') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(zh['console.settings.saved'] as string)).toBeVisible();
  expect((await admin('get', '/api/admin/settings')).data.voterMode).toBe('phone');

  const visitorContext = await browser.newContext({ baseURL: EMPTY_BASE_URL, locale: 'en-US' });
  const visitor = await visitorContext.newPage();
  const visitorProblems = await recordProblems(visitor);
  await visitor.goto(`/en-US/gallery/${entryId}`);
  await visitor.getByRole('button', { name: en['vote.button'], exact: true }).click();
  const dialog = visitor.getByRole('dialog', { name: en['vote.phone.title'] });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(en['vote.phone.country'])).toHaveValue('+86');
  // A landline is refused under the number, in the visitor's language.
  await dialog.getByLabel(en['vote.phone.number']).fill('010 1234 5678');
  await dialog.getByRole('button', { name: en['vote.phone.send'] }).click();
  await expect(dialog.getByText('Only a mobile number can receive the code')).toBeVisible();
  await dialog.getByLabel(en['vote.phone.number']).fill('138 0013 8000');
  await dialog.getByRole('button', { name: en['vote.phone.send'] }).click();
  await expect(dialog.getByRole('status')).toContainText('+86 138 0013 8000');
  await expect(dialog.getByText('Only a mobile number can receive the code')).toHaveCount(0);
  let code: string | undefined;
  await expect.poll(() => (code = outboxCode('+8613800138000'))).toMatch(/^\d{6}$/);
  await dialog.getByLabel(en['vote.phone.code']).fill(code ?? '');
  await visitor.screenshot({ path: 'test-results/vote-phone-dialog-1280.png' });
  expect(await seriousViolations(visitor)).toEqual([]);
  await dialog.getByRole('button', { name: en['vote.email.vote'] }).click();
  await expect(votedState(visitor)).toBeVisible();
  await expect(visitor.getByTestId('vote-receipt')).toBeVisible();
  const receipt = (await visitor.getByTestId('vote-receipt-code').textContent())?.trim() ?? '';
  expect(receipt).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{1,5}){5}$/);

  await visitor.goto('/en-US/voteReceipt');
  await visitor.getByLabel(en['receipt.label']).fill(receipt);
  await visitor.getByRole('button', { name: en['receipt.check'] }).click();
  await expect(visitor.getByTestId('receipt-outcome')).toContainText(en['receipt.counted']);
  await visitorContext.close();
  // The refused landline is the visitor's one logged 400, on purpose.
  expect(visitorProblems.list.filter((p) => !/status of 400/.test(p))).toEqual([]);
  expectClean();
});
