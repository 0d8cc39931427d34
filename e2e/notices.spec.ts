import type { APIRequestContext } from '@playwright/test';
import { MESSAGES } from '../common/i18n/index';
import { expect, test } from './fixtures';
import { submitThroughApi } from './support/api-entrant';
import { seriousViolations } from './support/axe';
import { createEmptyInstallOrganiser, EMPTY_BASE_URL, signInToEmptyConsole } from './support/empty-install';
import { registerAndSignIn } from './support/entrant-ui';
import { mailsTo } from './support/mail-sink-ports';

/**
 * An announcement, on the empty install: an entrant registers through the site and submits an entry; the
 * organiser writes an announcement to every entrant on the console's notices page, follows it going out, and
 * the entrant receives it in their own language (English here), read from the e2e mail sink. Other specs'
 * entrants get it too; only this run's mail, found by its stamp, is checked.
 */
test.use({ baseURL: EMPTY_BASE_URL });

const RUN = Date.now().toString(36);
const ADMIN = { email: `e2e-notices-organiser-${RUN}@example.test`, password: 'Organ1ser!x' };
const ENTRANT = { email: `e2e-notices-en-${RUN}@example.test`, password: 'Entr4nt!pass' };
const HOUR = 3_600_000;
const zh = MESSAGES['zh-CN'];

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).data.token as string;
}

test.beforeAll(async ({ request }) => {
  createEmptyInstallOrganiser(ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${await tokenOf(request, ADMIN.email, ADMIN.password)}` };
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const res = await request.put('/api/admin/phases/submission', { headers, data: { start: at(-HOUR), end: at(7 * 24 * HOUR) } });
  expect(res.status(), await res.text()).toBe(200);
});

test('the organiser sends an announcement to every entrant and the entrant receives it in their language', async ({ page, browser, request, expectClean }) => {
  test.setTimeout(240_000);
  const entrantContext = await browser.newContext({ baseURL: EMPTY_BASE_URL, locale: 'en-US' });
  await registerAndSignIn(await entrantContext.newPage(), 'en-US', ENTRANT.email, ENTRANT.password);
  await entrantContext.close();
  const token = await tokenOf(request, ENTRANT.email, ENTRANT.password);
  await submitThroughApi(request, { ...ENTRANT, token }, { title: `Notice test ${RUN}` });

  await signInToEmptyConsole(page, ADMIN.email, ADMIN.password);
  await page.getByRole('menuitem', { name: zh['console.menu.notices'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: zh['console.notices.title'] })).toBeVisible();
  await expect(page.getByText(zh['console.notices.reminder.submissionClosing'], { exact: true })).toBeVisible();

  const fill = async (tab: string, subject: string, body: string) => {
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await panel.getByRole('textbox', { name: zh['console.notices.subject'] }).fill(subject);
    await panel.getByRole('textbox', { name: zh['console.notices.body'] }).fill(body);
  };
  await fill('简体中文', `放映安排 ${RUN}`, '各位参赛者好，放映安排已公布。');
  await fill('English', `Screening schedule ${RUN}`, 'Hello entrants of {{site}}, the screening schedule is out.');
  await page.getByTestId('notice-send').click();
  await expect(page.getByText(/已排队发送 \d+ 封邮件/)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `放映安排 ${RUN}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(/待发送 0/)).toBeVisible({ timeout: 60_000 });
  expect(await seriousViolations(page)).toEqual([]);

  const mine = async () => (await mailsTo(ENTRANT.email)).find((m) => m.subject === `Screening schedule ${RUN}`);
  await expect.poll(async () => Boolean(await mine()), { timeout: 60_000 }).toBe(true);
  const mail = await mine();
  expect(mail?.text).toContain('the screening schedule is out.');
  expect(mail?.text).not.toContain('{{site}}');
  expectClean();
});
