import type { Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY } from '../common/constants';
import { MESSAGES } from '../common/i18n/index';
import { expect, test } from './fixtures';
import { registerThroughApi } from './support/api-entrant';
import { seriousViolations } from './support/axe';
import { createOrganiser } from './support/entrant-ui';
import { chooseOption } from './support/select';

/**
 * Staff roles in Chromium: the organiser (made with `npm run admin -- create`) makes a person who registered
 * through the accounts API an editor on the users page; the editor signs in, finds no voting settings in the
 * menu or at their address (and the API refuses them), and posts a news item the public news page shows; the
 * organiser's audit log lists the role change and the news post. axe checks the users page and the audit log.
 */
const zh = MESSAGES['zh-CN'];
const run = Date.now().toString(36);
const ORGANISER = { email: `roles-organiser-${run}@example.test`, password: 'Organ1ser!x' };
const EDITOR = { email: `roles-editor-${run}@example.test`, password: 'Ed1tor!pass' };
const NEWS_TITLE = `编辑发布的新闻 ${run}`;

test.beforeAll(async ({ request }) => {
  createOrganiser(ORGANISER.email, ORGANISER.password);
  await registerThroughApi(request, { email: EDITOR.email, password: EDITOR.password });
});

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/admin/#/login');
  await page.getByLabel('邮箱').fill(who.email);
  await page.getByLabel('密码').fill(who.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

const menu = (page: Page) => page.locator('.console-layout .ant-menu-root');

test('the organiser makes an editor; the editor posts news but cannot reach the voting settings; the audit log shows both', async ({
  page,
  browser,
  request,
  expectClean,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ORGANISER);
  await expect(page.getByRole('heading', { level: 1, name: zh['console.menu.dashboard'] })).toBeVisible();
  await page.goto('/admin/#/users');
  await page.getByRole('searchbox', { name: zh['console.users.email'] }).or(page.getByLabel(zh['console.users.email'])).first().fill(EDITOR.email);
  await page.keyboard.press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: EDITOR.email });
  await expect(row).toHaveCount(1);
  expect(await seriousViolations(page), 'users page').toEqual([]);
  const changed = page.waitForResponse((r) => /\/api\/admin\/users\/\d+\/role$/.test(r.url()));
  await chooseOption(page, row.getByLabel(zh['console.users.changeRole'].replace('{email}', EDITOR.email)), zh['console.users.editor']);
  expect((await changed).status()).toBe(200);
  await expect(row.locator('.ant-tag').filter({ hasText: zh['console.users.editor'] })).toBeVisible();

  // The editor, in a browser of their own.
  const context = await browser.newContext({ locale: 'zh-CN' });
  const editor = await context.newPage();
  await signIn(editor, EDITOR);
  // Their console opens on the news list; the menu holds content only.
  await expect(editor.getByRole('heading', { level: 1, name: zh['console.menu.news'] })).toBeVisible();
  await expect(menu(editor)).toContainText(zh['console.menu.pages']);
  for (const hidden of ['console.menu.settings', 'console.menu.votes', 'console.menu.users', 'console.menu.audit', 'console.menu.dashboard'] as const) {
    await expect(menu(editor), hidden).not.toContainText(zh[hidden]);
  }
  // Typing the settings address leads back to their own page; the API refuses them outright.
  await editor.goto('/admin/#/settings');
  await expect(editor).toHaveURL(/#\/content\/news$/);
  await expect(editor.getByRole('heading', { level: 1, name: zh['console.menu.news'] })).toBeVisible();
  const token = await editor.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
  const settings = await request.get('/api/admin/settings', { headers: { authorization: `Bearer ${token}` } });
  expect(settings.status()).toBe(403);
  expect((await settings.json()).code).toBe(1010);

  // A news item, published, through the editor drawer.
  await editor.getByRole('button', { name: /新\s*建/ }).click();
  const drawer = editor.locator('.ant-drawer');
  await chooseOption(editor, drawer.getByLabel('状态'), '已发布');
  await drawer.getByLabel('封面图片地址').fill('/media/seed/news-2.jpg');
  await drawer.locator('#i18n_zh-CN_title').fill(NEWS_TITLE);
  await drawer.locator('#i18n_zh-CN_body').fill('<p>编辑角色发布的一条新闻</p>');
  const saved = editor.waitForResponse((r) => r.url().endsWith('/api/admin/content/news') && r.request().method() === 'POST');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  const created = (await (await saved).json()).data as { id: number };
  expect(created.id).toBeGreaterThan(0);
  await context.close();

  // Visitors see it on the news page.
  await page.goto('/zh-CN/events');
  await expect(page.locator('main').getByText(NEWS_TITLE)).toBeVisible();

  // The organiser's audit log: the role change (with both roles) and the editor's post.
  await page.goto('/admin/#/audit');
  await expect(page.getByRole('heading', { level: 1, name: zh['console.audit.title'] })).toBeVisible();
  const roleRow = page.locator('.ant-table-row').filter({ hasText: 'POST /api/admin/users/:id/role' }).filter({ hasText: ORGANISER.email });
  await expect(roleRow).toHaveCount(1);
  const newsRow = page.locator('.ant-table-row').filter({ hasText: 'POST /api/admin/content/:kind' }).filter({ hasText: EDITOR.email });
  await expect(newsRow).toHaveCount(1);
  await expect(newsRow).toContainText('kind=news');
  // Filtered by who, only the editor's line is left.
  await page.getByLabel(zh['console.audit.whoSearch']).fill(EDITOR.email);
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await page.getByLabel(zh['console.audit.whoSearch']).fill(ORGANISER.email);
  await page.keyboard.press('Enter');
  await expect(roleRow).toHaveCount(1);
  await roleRow.getByRole('button').first().click();
  await expect(page.locator('.console-audit-change')).toContainText('"role": "editor"');
  await expect(page.locator('.console-audit-change')).toContainText('"role": "user"');
  expect(await seriousViolations(page), 'audit log').toEqual([]);
  expectClean();
});
