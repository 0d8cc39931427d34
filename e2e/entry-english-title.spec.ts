import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERRORS } from '../common/errors';
import { MESSAGES } from '../common/i18n/index';
import { expect, recordProblems, test } from './fixtures';
import { createOrganiser, type EntryFiles, fillEntryForm, makeEntryFiles } from './support/entrant-ui';
import { signInFresh } from './support/submission-session';

/**
 * An entrant writing in Chinese gives the entry an English title in the form; the organiser sees both titles in
 * the console and approves it there; an English visitor then finds the card and the entry page under the English
 * title (marked lang="en"), while a Chinese visitor still reads the original.
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ORGANISER = { email: `entitle-organiser-${stamp}@example.test`, password: 'Organ1ser!x' };
const TITLE = `最后一通电话 ${stamp}`;
const TITLE_EN = `The Last Call ${stamp}`;
const zh = MESSAGES['zh-CN'];

let dir: string;
let files: EntryFiles;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-e2e-entitle-'));
  files = await makeEntryFiles(dir, 3);
  createOrganiser(ORGANISER.email, ORGANISER.password);
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('an English title typed in the form is what English visitors read once the organiser approves', async ({ page, browser, expectClean }, info) => {
  test.setTimeout(240_000);
  await signInFresh(page, { verified: true, locale: 'zh-CN' });
  await page.goto('/zh-CN/submitWorks');
  await fillEntryForm(
    page,
    'zh-CN',
    {
      group: 'open',
      title: TITLE,
      description: '一位老人接到“公检法”的电话，差点把积蓄全部转走。',
      slogan: '先挂断，再核实',
      team: '灯笼影像',
      teamDesc: '三个来自杭州的电影学生。',
    },
    files,
  );
  const field = page.locator('.ant-form-item').filter({ has: page.locator('#titleEn') });
  await expect(field.locator('label')).toHaveText(zh['submit.field.titleEn']);
  await expect(field).toContainText(zh['submit.help.titleEn']);
  // Under the title's limits: one character is too short, and the form says so before anything is sent.
  await page.locator('#titleEn').fill('x');
  await expect(field).toContainText(zh['submit.rule.min'].replace('{min}', '2'));
  await page.locator('#titleEn').fill(TITLE_EN);
  await expect(field.locator('.ant-form-item-explain-error')).toHaveCount(0);
  // A picture of the title and the English title under it, clear of the sticky header.
  await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const top = await page
    .locator('.ant-form-item')
    .filter({ has: page.locator('#title') })
    .boundingBox();
  const bottom = await field.boundingBox();
  if (top && bottom) {
    const clip = { x: top.x - 16, y: top.y - 16, width: top.width + 32, height: bottom.y + bottom.height - top.y + 32 };
    await page.screenshot({ path: info.outputPath('title-en-field.png'), clip });
  }
  await page.getByRole('button', { name: new RegExp(`^${zh['submit.submit'].split('').join('\\s*')}$`) }).click();
  await expect(page.getByTestId('submission-success')).toContainText(ERRORS[200211]['zh-CN']);

  // The organiser, in the console: the row shows both titles; approve it there.
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  const organiser = await context.newPage();
  const problems = await recordProblems(organiser);
  try {
    await organiser.goto('/admin/#/login');
    await organiser.getByLabel(zh['console.login.email']).fill(ORGANISER.email);
    await organiser.getByLabel(zh['console.login.password']).fill(ORGANISER.password);
    await organiser.getByRole('button', { name: /登\s*录/ }).click();
    await organiser.getByRole('menuitem', { name: zh['console.menu.entries'] }).click();
    const row = organiser.getByRole('row').filter({ hasText: TITLE });
    await expect(row.locator('[lang="en"]')).toHaveText(TITLE_EN);
    await row.screenshot({ path: info.outputPath('console-row.png') });
    await row.getByRole('button', { name: TITLE }).click();
    const drawer = organiser.locator('.ant-drawer');
    const english = drawer.getByRole('row').filter({ has: organiser.getByRole('rowheader', { name: zh['console.detail.titleEn'] }) });
    await expect(english.getByRole('cell')).toHaveText(TITLE_EN);
    await drawer.getByRole('button', { name: new RegExp(`^${zh['console.entries.approve'].split('').join('\\s*')}$`) }).click();
    await expect(organiser.getByText(/已通过，作品编号 \d+/)).toBeVisible();
    expect(problems.list).toEqual([]);
  } finally {
    await context.close();
  }

  // An English visitor: the gallery card and the entry page's heading carry the English title, in English.
  await page.goto(`/en-US/gallery?q=${encodeURIComponent(TITLE_EN)}`);
  // This visitor is signed in: the painted page is drawn afresh by the app, so its cards are read after that.
  await expect(page.locator('html')).toHaveAttribute('data-app', /hydrated|rendered/);
  const card = page.locator('.entry-card').filter({ hasText: TITLE_EN });
  await expect(card).toHaveCount(1);
  await expect(card.locator('.entry-card-title')).toHaveText(TITLE_EN);
  await expect(card.locator('.entry-card-title')).toHaveAttribute('lang', 'en');
  await expect(card.locator('.entry-card-team')).toHaveAttribute('lang', 'zh-CN');
  await card.screenshot({ path: info.outputPath('gallery-card.png') });
  await card.locator('a').first().click();
  const h1 = page.locator('h1.entry-title');
  await expect(h1).toHaveText(TITLE_EN);
  await expect(h1).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(new RegExp(`^${TITLE_EN}`));
  const entryId = Number(/\/gallery\/(\d+)/.exec(page.url())?.[1]);
  expect(entryId).toBeGreaterThan(0);

  // A Chinese visitor reads the title as the entrant wrote it.
  await page.goto(`/zh-CN/gallery/${entryId}`);
  await expect(h1).toHaveText(TITLE);
  await expect(h1).toHaveAttribute('lang', 'zh-CN');
  expectClean();
});
