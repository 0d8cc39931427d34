import type { APIRequestContext } from '@playwright/test';
import { MESSAGES } from '../common/i18n/index';
import { expect, test } from './fixtures';
import { createOrganiser } from './support/entrant-ui';
import { votedState } from './support/voted-state';
import { E2E_WECHAT_APPS } from './support/wechat-port';

/**
 * A WeChat voter in Chromium: the organiser sets wechat mode with their two apps through the console API (as the
 * settings page saves it); a visitor clicks Vote, goes through WeChat's QR sign-in (the e2e stand-in agrees at
 * once, as a person scanning would) and back to the entry page, where the vote is cast without another click.
 * The next vote on another entry needs no second trip.
 */
const en = MESSAGES['en-US'];
const ADMIN = { email: `wechat-admin-${Date.now()}@example.test`, password: 'Wechat-Admin-9!' };
let adminToken = '';

test.describe.configure({ mode: 'serial' });

async function saveSettings(request: APIRequestContext, more: Record<string, unknown>) {
  const headers = { authorization: `Bearer ${adminToken}` };
  const current = (await (await request.get('/api/admin/settings', { headers })).json()).data;
  const data = { ...current, organiserEmail: current.organiserEmail || ADMIN.email, ...more };
  const saved = await request.put('/api/admin/settings', { headers, data });
  expect(saved.status(), await saved.text()).toBe(200);
  await expect.poll(async () => (await (await request.get('/api/gallery/entries/1')).json()).data.voterMode).toBe(data.voterMode);
}

test.beforeAll(async ({ request }) => {
  createOrganiser(ADMIN.email, ADMIN.password);
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  adminToken = (await login.json()).data.token;
});

test.afterAll(async ({ request }) => {
  await saveSettings(request, { voterMode: 'anonymous' });
});

test('wechat: Vote goes through WeChat sign-in and back, and the vote is cast on arrival', async ({ page, request, expectClean }) => {
  const { mp, web } = E2E_WECHAT_APPS;
  await saveSettings(request, {
    voterMode: 'wechat',
    wechatMpAppId: mp.appId,
    wechatMpSecret: mp.secret,
    wechatWebAppId: web.appId,
    wechatWebSecret: web.secret,
  });
  await page.goto('/en-US/gallery/17');
  const before = Number((await page.getByTestId('vote-count').textContent())?.match(/\d+/)?.[0]);
  const trip = page.waitForRequest((r) => r.url().includes('/connect/qrconnect'));
  await page.getByRole('button', { name: en['vote.button'], exact: true }).click();
  expect(new URL((await trip).url()).searchParams.get('scope')).toBe('snsapi_login');
  await expect(votedState(page)).toBeVisible();
  await expect(page.getByTestId('vote-count')).toHaveText(new RegExp(`^${before + 1}\\D`));
  // Back on the entry page, without the way back's marks.
  expect(new URL(page.url()).pathname).toBe('/en-US/gallery/17');
  expect(new URL(page.url()).search).toBe('');
  // Signed in for the day: another entry's vote is one click, no trip.
  await page.goto('/en-US/gallery/18');
  const voted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/gallery/entries/18/vote'));
  await page.getByRole('button', { name: en['vote.button'], exact: true }).click();
  expect((await (await voted).json()).code).toBe(0);
  await expect(votedState(page)).toBeVisible();
  expectClean();
});
