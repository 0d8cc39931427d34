import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ERRORS } from '../common/errors';
import { MESSAGES } from '../common/i18n/index';
import type { Locale } from '../common/locales';
import { expect, recordProblems, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { createEmptyInstallOrganiser, EMPTY_BASE_URL, signInToEmptyConsole } from './support/empty-install';
import { fillEntryForm, makeEntryFiles, registerAndSignIn } from './support/entrant-ui';

/**
 * The home page's films strip on the shared empty install: the organiser opens submissions and voting and sets
 * the strip to the newest films; an entrant submits through the form; the organiser approves the entry in the
 * console; the home page shows it with the gallery's card, and a visitor votes from that card and sees the count
 * go up. Everything it reads it made itself (run-stamped names), so other specs on the install do not matter.
 */
const STAMP = Date.now().toString(36);
const ORGANISER = { email: `home-strip-${STAMP}@example.test`, password: 'H0me#Str1p' };
const ENTRANT = { email: `home-strip-entrant-${STAMP}@example.test`, password: 'Entr4nt!pass' };
const TITLE = `Strip Call ${STAMP}`;
const SHOTS = path.join('test-results', 'home-strip');
const HOUR = 3_600_000;
const m = (l: Locale, key: string) => MESSAGES[l][key as 'site.name'];
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
test.use({ actionTimeout: 30_000, navigationTimeout: 30_000 });

/** An organiser made with the CLI, and the console calls this spec makes through the API (the console's screens are other specs' subject). */
async function organiserApi(request: APIRequestContext, account: { email: string; password: string }) {
  createEmptyInstallOrganiser(account.email, account.password);
  const login = await request.post(`${EMPTY_BASE_URL}/api/auth/login`, { data: account });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  return async (method: 'get' | 'put' | 'post', url: string, data?: object) => {
    const res = await request[method](`${EMPTY_BASE_URL}${url}`, { headers, data });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
    return (await res.json()).data;
  };
}

async function visitorIn(browser: Browser, locale: Locale, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: EMPTY_BASE_URL, locale, viewport });
  const page = await context.newPage();
  return { page, problems: await recordProblems(page), close: () => context.close() };
}

const stripCard = (page: Page) => page.getByTestId('home-films').locator('.entry-card').filter({ hasText: TITLE });

test('an approved entry shows in the home strip and a visitor votes from its card', async ({ page, browser, request, expectClean }) => {
  test.setTimeout(420_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'home-strip-'));
  const admin = await organiserApi(request, ORGANISER);
  // Submissions and voting open now; anonymous voting with live counts and the newest films first, whatever an
  // earlier spec left on the install.
  await admin('put', '/api/admin/phases/submission', { start: at(-2), end: at(24 * 7) });
  await admin('put', '/api/admin/phases/voting', { start: at(-1), end: at(24 * 7) });
  const settings = await admin('get', '/api/admin/settings');
  await admin('put', '/api/admin/settings', {
    ...settings,
    organiserEmail: settings.organiserEmail || ORGANISER.email,
    voterMode: 'anonymous',
    countDisplay: 'live',
    homeFilmOrder: 'newest',
  });

  // The entrant submits through the form, in English.
  const entrantContext = await browser.newContext({ baseURL: EMPTY_BASE_URL, locale: 'en-US' });
  const entrant = await entrantContext.newPage();
  const entrantProblems = await recordProblems(entrant);
  await registerAndSignIn(entrant, 'en-US', ENTRANT.email, ENTRANT.password);
  await fillEntryForm(
    entrant,
    'en-US',
    { group: 'open', title: TITLE, description: 'A caller claims to be the police.', slogan: 'Hang up', team: 'Strip Team', teamDesc: 'Two friends.' },
    await makeEntryFiles(dir, 3),
  );
  await entrant.getByRole('button', { name: m('en-US', 'submit.submit') }).click();
  await expect(entrant.getByTestId('submission-success')).toBeVisible({ timeout: 30_000 });
  expect(entrantProblems.list).toEqual([]);
  await entrantContext.close();

  // The organiser approves it in the console.
  await signInToEmptyConsole(page, ORGANISER.email, ORGANISER.password);
  await page.goto(`${EMPTY_BASE_URL}/admin/#/entries`);
  await page.locator('.ant-table-row').filter({ hasText: TITLE }).getByRole('button', { name: TITLE }).click();
  const approve = m('zh-CN', 'console.entries.approve').split('').join('\\s*');
  await page
    .locator('.ant-drawer')
    .getByRole('button', { name: new RegExp(`^${approve}$`) })
    .click();
  await expect(page.getByText(/已通过，作品编号 \d+/)).toBeVisible();

  // A visitor on the home page: the entry's card in the strip, with its count; a vote from the card counts.
  const visitor = await visitorIn(browser, 'zh-CN', { width: 1280, height: 800 });
  try {
    const v = visitor.page;
    await v.goto('/zh-CN/home');
    const card = stripCard(v);
    await expect(card).toHaveCount(1);
    await expect(v.getByRole('heading', { level: 2, name: m('zh-CN', 'home.filmsNewest') })).toBeVisible();
    await expect(card.locator('.entry-card-no')).toHaveText(/\d{3}/);
    await expect(card.locator('img')).toBeVisible();
    const votes = card.locator('.entry-card-votes');
    await expect(votes).toHaveText(/^0\D/);
    await card.getByRole('button', { name: m('zh-CN', 'vote.button'), exact: true }).click();
    await expect(v.getByText(ERRORS[2014]['zh-CN'])).toBeVisible();
    await expect(votes).toHaveText(/^1\D/);
    await v.reload();
    await expect(stripCard(v).locator('.entry-card-votes')).toHaveText(/^1\D/);
    expect(visitor.problems.list).toEqual([]);
  } finally {
    await visitor.close();
  }

  // The home page with the strip, on a phone and a desktop, in two languages; no serious accessibility finding.
  for (const locale of ['zh-CN', 'en-US'] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const shot = await visitorIn(browser, locale, viewport);
      try {
        await shot.page.goto(`/${locale}/home`);
        await expect(stripCard(shot.page)).toHaveCount(1);
        await expect(shot.page.getByRole('heading', { level: 2, name: m(locale, 'home.filmsNewest') })).toBeVisible();
        expect(await seriousViolations(shot.page)).toEqual([]);
        await shot.page.screenshot({ path: path.join(SHOTS, `home-${locale}-${viewport.width}.png`), fullPage: true });
        await shot.page.getByTestId('home-films').screenshot({ path: path.join(SHOTS, `strip-${locale}-${viewport.width}.png`) });
        expect(shot.problems.list).toEqual([]);
      } finally {
        await shot.close();
      }
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  expectClean();
});

test('the prizes the organiser names are listed on the contest page in each language', async ({ browser, request }) => {
  const admin = await organiserApi(request, { email: `prizes-${STAMP}@example.test`, password: ORGANISER.password });
  const names = { 'zh-CN': `最佳创意奖 ${STAMP}`, 'zh-TW': `最佳創意獎 ${STAMP}`, 'en-US': `Best Idea ${STAMP}` };
  const awards = await admin('post', '/api/admin/jury/awards', {
    sort: 1,
    i18n: { 'zh-CN': { name: names['zh-CN'] }, 'zh-TW': { name: names['zh-TW'] }, 'en-US': { name: names['en-US'] } },
  });
  expect(awards.map((a: { i18n: { 'en-US': { name: string } } }) => a.i18n['en-US'].name)).toContain(names['en-US']);
  for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const) {
    const visitor = await visitorIn(browser, locale, { width: 1280, height: 800 });
    try {
      await visitor.page.goto(`/${locale}/eventDetails`);
      const prizes = visitor.page.getByRole('region', { name: m(locale, 'details.prizesTitle') });
      await expect(prizes.getByTestId('prize-list').getByText(names[locale], { exact: true })).toBeVisible();
      expect(await seriousViolations(visitor.page)).toEqual([]);
      if (locale !== 'zh-TW') await prizes.screenshot({ path: path.join(SHOTS, `prizes-${locale}.png`) });
      expect(visitor.problems.list).toEqual([]);
    } finally {
      await visitor.close();
    }
  }
});
