import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES } from '../common/i18n/index';
import { ICP_LINK } from '../common/identity';
import type { Locale } from '../common/locales';
import { expect, recordProblems, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { saveSubmissionWeek } from './support/console-phases';
import { createEmptyInstallOrganiser, EMPTY_BASE_URL, signInToEmptyConsole } from './support/empty-install';
import { makePicture } from './support/entrant-ui';
import { chooseOption } from './support/select';

/**
 * A real contest from an empty install (DEMO_CONTENT=false, the second e2e server): the organiser made with
 * `npm run admin` follows the dashboard's setup checklist through the console alone - the contest's identity,
 * its details page, the submission phase in the contest's zone - opens submissions (confirming past what is
 * still missing), and a visitor sees the contest as theirs in three languages.
 */
const ORGANISER = { email: `setup-${Date.now().toString(36)}@example.test`, password: 'Set#Up-Own3r' };
const NAME = { 'zh-CN': '守护钱包反诈微电影大赛', 'zh-TW': '守護錢包反詐微電影大賽', 'en-US': 'Guard Your Wallet Film Contest' } as const satisfies Record<
  Locale,
  string
>;
const COMPANY = { 'zh-CN': '明镜影业有限公司', 'zh-TW': '明鏡影業有限公司', 'en-US': 'Mingjing Pictures Ltd.' } as const satisfies Record<Locale, string>;
const DETAILS = {
  'zh-CN': '短片时长三至十分钟，主题为防范电信诈骗。',
  'zh-TW': '短片時長三至十分鐘，主題為防範電信詐騙。',
  'en-US': 'Films run three to ten minutes, on guarding against phone scams.',
};
const ICP = '沪ICP备20261125号-1';
const SHOTS = path.join('test-results', 'organiser-setup');

const tabField = (page: Page, tab: string, label: string) => page.getByRole('tabpanel', { name: tab }).getByRole('textbox', { name: label });

test('the organiser sets up their own contest from the checklist, opens submissions, and visitors see it in three languages', async ({
  page,
  browser,
  expectClean,
}) => {
  test.setTimeout(300_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-'));
  createEmptyInstallOrganiser(ORGANISER.email, ORGANISER.password);
  await signInToEmptyConsole(page, ORGANISER.email, ORGANISER.password);

  // The dashboard says what submissions still need; its link leads to the identity page.
  const card = page.locator('.ant-card').filter({ hasText: '开赛准备清单' });
  await expect(card.getByTestId('setup-identity')).toContainText('必需');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, 'dashboard-before.png'), fullPage: true });
  await card.getByTestId('setup-identity').getByRole('link', { name: '去设置' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '大赛形象' })).toBeVisible();

  // Identity: names in zh-CN and English (zh-TW converted), key visual and QR uploaded, the ICP filing number.
  await tabField(page, '简体中文', '大赛名称').fill(NAME['zh-CN']);
  await tabField(page, '简体中文', '主办单位').fill(COMPANY['zh-CN']);
  await page.getByRole('tab', { name: 'English' }).click();
  await tabField(page, 'English', '大赛名称').fill(NAME['en-US']);
  await tabField(page, 'English', '主办单位').fill(COMPANY['en-US']);
  const uploads: [string, string, string][] = [
    ['首页主视觉', await makePicture(path.join(dir, 'hero.jpg'), 1600, 900), 'heroImage'],
    ['微信二维码', await makePicture(path.join(dir, 'qr.png'), 400, 400), 'wechatQr'],
  ];
  for (const [label, file, purpose] of uploads) {
    await page.locator('.ant-form-item').filter({ hasText: label }).locator('input[type=file]').setInputFiles(file);
    await expect(page.getByTestId(`preview-${purpose}`)).toBeVisible();
  }
  await page.getByLabel('ICP 备案号').fill(ICP);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('大赛形象已保存')).toBeVisible();

  // The contest details page, written and published.
  await page.goto(`${EMPTY_BASE_URL}/admin/#/pages`);
  await chooseOption(page, page.getByLabel('页面', { exact: true }), '大赛详情');
  await tabField(page, '简体中文', '标题').fill('大赛规则');
  await tabField(page, '简体中文', '正文').fill(DETAILS['zh-CN']);
  await page.getByRole('tab', { name: 'English' }).click();
  await tabField(page, 'English', '标题').fill('Rules');
  await tabField(page, 'English', '正文').fill(DETAILS['en-US']);
  const published = page.waitForResponse((r) => r.url().endsWith('/api/admin/pages/eventDetails/publish'));
  await page.getByRole('button', { name: /^发\s*布$/ }).click();
  expect((await published).status()).toBe(200);

  // Submissions open now, typed in the contest's zone. The public address is still the loopback one, so the
  // editor asks first and names what is missing; the organiser opens anyway.
  await page.goto(`${EMPTY_BASE_URL}/admin/#/settings`);
  await expect(page.getByTestId('phase-zone')).toContainText('Asia/Shanghai (UTC+8)');
  const phaseName = await saveSubmissionWeek(page);
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`现在开放“${phaseName}”？`);
  await expect(confirm.getByTestId('setup-confirm-missing')).toContainText(MESSAGES['zh-CN']['console.setup.item.publicUrl']);
  await expect(confirm.getByTestId('setup-confirm-missing')).not.toContainText(MESSAGES['zh-CN']['console.setup.item.identity']);
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: '仍然开放' }).click();
  await expect(page.getByText(`已保存：${phaseName}`).last()).toBeVisible();

  // Back on the dashboard: identity, details page and submission dates are done.
  await page.goto(`${EMPTY_BASE_URL}/admin/#/`);
  for (const key of ['identity', 'wechatQr', 'page.eventDetails', 'phase.submission']) {
    await expect(page.getByTestId(`setup-${key}`)).toContainText('已完成');
  }
  await page.screenshot({ path: path.join(SHOTS, 'dashboard-after.png'), fullPage: true });

  // A visitor, in each language: the organiser's name in the title and footer, the QR, the filing number with
  // its link, the details page, and submissions open on the timeline.
  const visitor = await browser.newPage();
  const problems = await recordProblems(visitor);
  for (const l of ['zh-CN', 'zh-TW', 'en-US'] as const) {
    await visitor.goto(`${EMPTY_BASE_URL}/${l}/eventDetails`);
    await expect(visitor).toHaveTitle(`${MESSAGES[l]['route.eventDetails']} - ${NAME[l]}`);
    await expect(visitor.getByTestId('footer-site-name')).toHaveText(NAME[l]);
    await expect(visitor.getByTestId('footer-rights')).toContainText(COMPANY[l]);
    await expect(visitor.getByTestId('footer-qr')).toBeVisible();
    await expect(visitor.getByTestId('footer-icp')).toHaveText(ICP);
    await expect(visitor.getByTestId('footer-icp')).toHaveAttribute('href', ICP_LINK);
    await expect(visitor.locator('main .rich-text')).toContainText(DETAILS[l]);
    await expect(visitor.locator('.timeline-item').filter({ hasText: MESSAGES[l]['phase.submission'] })).toBeVisible();
    await visitor.goto(`${EMPTY_BASE_URL}/${l}/home`);
    await expect(visitor.locator('header').getByTestId('site-name')).toHaveText(NAME[l]);
    await expect(visitor.locator('.hero-image')).toBeVisible();
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.screenshot({ path: path.join(SHOTS, `home-${l}-390.png`), fullPage: true });
    await visitor.setViewportSize({ width: 1280, height: 900 });
  }
  expect(problems.list).toEqual([]);
  await visitor.close();
  expectClean();
});
