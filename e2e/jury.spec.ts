import type { Browser, Page } from '@playwright/test';
import { MESSAGES } from '../common/i18n/index';
import type { Locale } from '../common/locales';
import { linkIn } from '../server/test/helpers/mail-sink';
import { expect, type Problems, recordProblems, test } from './fixtures';
import { registerThroughApi, submitThroughApi } from './support/api-entrant';
import { seriousViolations } from './support/axe';
import { createOrganiser } from './support/entrant-ui';
import { mailsTo } from './support/mail-sink-ports';

/**
 * The finale, walked as its people walk it: two entrants submit through the API and the organiser approves
 * them; in the console the organiser sets criteria and awards and invites a juror; the juror opens the mailed
 * link, sets a password, signs in and scores the two films; the organiser gives the awards and publishes; a
 * visitor finds the winners on /en-US/results and /zh-CN/results, and an entrant's results mail arrives.
 */
const m = (l: Locale, key: string) => MESSAGES[l][key as 'site.name'];
const e = (key: string) => m('en-US', key);
const stamp = Date.now().toString(36);
const ORGANISER = { email: `jury-organiser-${stamp}@example.test`, password: 'Organ1ser!x' };
const JUROR = { email: `juror-${stamp}@example.test`, password: 'Jur0r!pass' };
/** The juror's own row, matched on the whole address: other tests' jurors share the stamp. */
const jurorRow = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: JUROR.email, exact: true }) });
const FILM_A = `The Last Transfer ${stamp}`;
const FILM_B = `Wrong Number ${stamp}`;
const SHOTS = 'test-results/jury';

test.describe.configure({ mode: 'serial' });

let savedPhases: { auth: Record<string, string>; rows: { phase: string; start: string | null; end: string | null }[] } | null = null;

test.afterAll(async ({ request }) => {
  for (const row of savedPhases?.rows ?? []) {
    const headers = savedPhases?.auth ?? {};
    if (row.start) await request.put(`/api/admin/phases/${row.phase}`, { headers, data: { start: row.start, end: row.end } });
    else await request.delete(`/api/admin/phases/${row.phase}`, { headers });
  }
});

async function personIn(browser: Browser, locale: string, width = 1280): Promise<{ page: Page; problems: Problems; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale, viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { page, problems: await recordProblems(page), close: () => context.close() };
}

async function signInToConsole(page: Page, email: string, password: string) {
  await page.goto('/admin/#/login');
  await page.getByLabel(e('console.login.email')).fill(email);
  await page.getByLabel(e('console.login.password')).fill(password);
  await page.getByRole('button', { name: e('console.login.submit') }).click();
}

/** Full-page shots at 1280 and 390 px, each from a fresh load at that width (as a phone opens the page). */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.locator('img[loading="lazy"]').evaluateAll((imgs) => {
      for (const img of imgs) (img as HTMLImageElement).loading = 'eager';
    });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
}

test('a juror who sets a password from the invitation lands signed in on the judging page', async ({ page, browser, expectClean }) => {
  test.setTimeout(120_000);
  const organiser = { email: `invite-organiser-${stamp}@example.test`, password: 'Organ1ser!x' };
  const jurorEmail = `signin-${stamp}@example.test`;
  createOrganiser(organiser.email, organiser.password);
  await page.addInitScript(() => localStorage.setItem('umi_locale', 'en-US'));
  await signInToConsole(page, organiser.email, organiser.password);
  await page.getByRole('menuitem', { name: e('jury.menu.jury') }).click();
  await page.getByRole('tab', { name: e('jury.tab.jurors') }).click();
  const jurors = page.getByRole('tabpanel', { name: e('jury.tab.jurors') });
  await jurors.getByLabel(e('jury.jurors.email'), { exact: true }).fill(jurorEmail);
  await jurors.getByRole('button', { name: e('jury.jurors.send') }).click();
  await expect(page.getByRole('row').filter({ hasText: jurorEmail })).toContainText(e('jury.jurors.pending'));

  const juror = await personIn(browser, 'en-US');
  try {
    const j = juror.page;
    let mail: { subject: string; text: string } | undefined;
    await expect.poll(async () => (mail = (await mailsTo(jurorEmail)).at(-1))).toBeTruthy();
    await j.goto(linkIn(mail));
    await j.getByLabel(e('jury.invite.password'), { exact: true }).fill(JUROR.password);
    await j.getByLabel(e('jury.invite.confirm')).fill(JUROR.password);
    await j.getByRole('button', { name: e('jury.invite.submit') }).click();
    await expect(j).toHaveURL(/#\/judging$/);
    await expect(j.getByRole('heading', { level: 1 })).toHaveText(e('jury.menu.judging'));
    await expect(j.locator('.console-header')).toContainText(jurorEmail);
    await expect(j.getByRole('menuitem')).toHaveCount(1);
    // A real session: a reload keeps the juror there, and the organiser sees the invitation accepted.
    await j.reload();
    await expect(j.getByRole('heading', { level: 1 })).toHaveText(e('jury.menu.judging'));
    expect(juror.problems.list).toEqual([]);
  } finally {
    await juror.close();
  }
  await page.reload();
  await page.getByRole('tab', { name: e('jury.tab.jurors') }).click();
  await expect(page.getByRole('row').filter({ hasText: jurorEmail })).toContainText(e('jury.jurors.accepted'));
  expectClean();
});

test('the organiser invites a juror, the juror scores two submitted films, the results are published and mailed', async ({
  page,
  browser,
  request,
  expectClean,
}) => {
  test.setTimeout(420_000);
  createOrganiser(ORGANISER.email, ORGANISER.password);

  // Two entries made by the product: registered, verified, uploaded through tus and posted; approved by the organiser.
  const entrantA = await registerThroughApi(request, { email: `finalist-a-${stamp}@example.test`, locale: 'en-US' });
  const entrantB = await registerThroughApi(request, { email: `finalist-b-${stamp}@example.test`, locale: 'zh-CN' });
  const entryA = await submitThroughApi(request, entrantA, { title: FILM_A, team: 'Night Owls' });
  const entryB = await submitThroughApi(request, entrantB, { title: FILM_B, team: 'Paper Lantern' });
  const login = await request.post('/api/auth/login', { data: ORGANISER });
  const adminAuth = { authorization: `Bearer ${(await login.json()).data.token}` };
  for (const id of [entryA.id, entryB.id]) expect((await request.post(`/api/admin/entries/${id}/approve`, { headers: adminAuth })).status()).toBe(200);
  // Jurors score only during the judging phase: the organiser opens it now (the demo's phases are put back after).
  savedPhases = { auth: adminAuth, rows: (await (await request.get('/api/admin/phases', { headers: adminAuth })).json()).data.phases };
  const setPhase = async (phase: string, start: number, end: number) => {
    const data = { start: new Date(Date.now() + start).toISOString(), end: new Date(Date.now() + end).toISOString() };
    expect((await request.put(`/api/admin/phases/${phase}`, { headers: adminAuth, data })).status()).toBe(200);
  };
  await setPhase('judging', -3_600_000, 86_400_000);

  // The organiser, in English: criteria, awards, then the invitation.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => localStorage.setItem('umi_locale', 'en-US'));
  await signInToConsole(page, ORGANISER.email, ORGANISER.password);
  await page.getByRole('menuitem', { name: e('jury.menu.jury') }).click();
  // Inactive tabs stay mounted: every step looks inside the open tab's panel.
  const tab = async (key: string) => {
    await page.getByRole('tab', { name: e(key) }).click();
    return page.getByRole('tabpanel', { name: e(key) });
  };
  const criteria = await tab('jury.tab.criteria');
  for (const [cn, en, weight] of [
    ['故事', 'Story', '60'],
    ['制作', 'Craft', '40'],
  ]) {
    await criteria.getByLabel('Name (简体中文)').fill(cn as string);
    await criteria.getByLabel('Name (English)').fill(en as string);
    await criteria.getByLabel(e('jury.criteria.weight'), { exact: true }).fill(weight as string);
    await criteria.getByRole('button', { name: e('jury.criteria.add') }).click();
    await expect(criteria.getByRole('cell', { name: en as string, exact: true })).toBeVisible();
  }
  const awards = await tab('jury.tab.awards');
  for (const [cn, tw, en] of [
    ['金奖', '金獎', 'Gold'],
    ['银奖', '銀獎', 'Silver'],
  ]) {
    await awards.getByLabel('Name (简体中文)').fill(cn as string);
    await awards.getByLabel('Name (繁體中文)').fill(tw as string);
    await awards.getByLabel('Name (English)').fill(en as string);
    await awards.getByRole('button', { name: e('jury.awards.add') }).click();
    await expect(awards.getByRole('cell', { name: en as string, exact: true })).toBeVisible();
  }
  const jurors = await tab('jury.tab.jurors');
  await jurors.getByLabel(e('jury.jurors.email'), { exact: true }).fill(JUROR.email);
  await jurors.getByRole('button', { name: e('jury.jurors.send') }).click();
  await expect(page.getByRole('cell', { name: JUROR.email })).toBeVisible();
  await expect(jurorRow(page)).toContainText(e('jury.jurors.pending'));

  // The juror, from the mail sink's link: sets a password, signs in, sees only the judging area.
  const juror = await personIn(browser, 'en-US');
  try {
    const j = juror.page;
    let mail: { subject: string; text: string } | undefined;
    await expect.poll(async () => (mail = (await mailsTo(JUROR.email)).at(-1))).toBeTruthy();
    expect(mail?.subject).toContain('invited to the jury');
    await j.goto(linkIn(mail));
    await expect(j.getByText(JUROR.email)).toBeVisible();
    expect(await seriousViolations(j)).toEqual([]); // the invitation page, a new page of the issue
    await j.getByLabel(e('jury.invite.password'), { exact: true }).fill(JUROR.password);
    await j.getByLabel(e('jury.invite.confirm')).fill(JUROR.password);
    await j.getByRole('button', { name: e('jury.invite.submit') }).click();
    // Setting the password signs the juror in: straight to the judging page, no second sign-in.
    await expect(j).toHaveURL(/#\/judging$/);
    await expect(j.getByRole('menuitem')).toHaveCount(1);
    const cardA = j.getByTestId('judging-entry').filter({ hasText: FILM_A });
    await expect(cardA).toBeVisible();
    await expect(j.getByText(/vote/i)).toHaveCount(0);
    expect(await seriousViolations(j)).toEqual([]);
    await shoot(j, 'judging');

    for (const [title, story, craft, comment] of [
      [FILM_A, '9', '8', 'Tense and true to life.'],
      [FILM_B, '5', '6', ''],
    ] as const) {
      await j.getByTestId('judging-entry').filter({ hasText: title }).click();
      await expect(j.getByRole('heading', { name: title })).toBeVisible();
      await j.getByLabel('Story (weight 60)').fill(story);
      await j.getByLabel('Craft (weight 40)').fill(craft);
      await j.getByLabel(e('jury.sheet.comment')).fill(comment);
      await j.getByRole('button', { name: e('jury.sheet.save') }).click();
      // Saved: the sheet comes back and the entry's state tag turns to Scored.
      await expect(j.locator('main .ant-tag').filter({ hasText: e('jury.state.scored') })).toBeVisible();
      if (title === FILM_A) {
        expect(await seriousViolations(j)).toEqual([]);
        await shoot(j, 'judging-entry');
      }
      await j
        .getByRole('link', { name: e('jury.judging.back') })
        .first()
        .click();
    }
    await expect(j.getByTestId('judging-progress')).toContainText(/^2 of \d+ scored/);
    expect(juror.problems.list).toEqual([]);
  } finally {
    await juror.close();
  }

  // The organiser sees the progress, gives the awards on the ranking and publishes.
  await page.reload();
  await page.getByRole('tab', { name: e('jury.tab.jurors') }).click();
  await expect(jurorRow(page)).toContainText(e('jury.jurors.accepted'));
  await expect(jurorRow(page)).toContainText(/2 of \d+ scored/);
  const results = await tab('jury.tab.results');
  const rowA = results.getByRole('row').filter({ hasText: FILM_A });
  await expect(rowA.getByRole('cell').first()).toHaveText(/^1/); // the jury's favourite leads at 70/30
  for (const [title, award] of [
    [FILM_A, 'Gold'],
    [FILM_B, 'Silver'],
  ]) {
    // The ranking refetches after each award and re-renders its rows, which can close a dropdown just opened:
    // open it again until the award shows on the row, as an organiser would.
    await expect(async () => {
      await results.getByLabel(`Award for “${title}”`).click({ timeout: 5_000 });
      await page
        .locator('.ant-select-dropdown:visible')
        .getByTitle(award as string, { exact: true })
        .click({ timeout: 5_000 });
      await expect(results.getByRole('row').filter({ hasText: title as string })).toContainText(award as string, { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
  }
  // Results wait for the end of voting: the organiser closes it a minute ago.
  await setPhase('voting', -86_400_000, -60_000);
  await results.getByRole('button', { name: e('jury.results.publish') }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /OK|确\s*定/ })
    .click();
  await expect(page.getByTestId('results-state')).toContainText('Published');
  // The results mails go out in the background; the console follows them until every one is sent.
  await expect(page.getByTestId('results-mails')).toContainText(/Results mails: all \d+ sent/, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/console-results-1280.png` });

  // A visitor: the menu has Results, the page shows the winners, each card opens its gallery page.
  const visitor = await personIn(browser, 'en-US');
  try {
    const v = visitor.page;
    await v.goto('/en-US/results');
    await expect(v.locator('main h1')).toHaveText(e('route.results'));
    const gold = v.getByTestId('winner-card').filter({ hasText: FILM_A });
    await expect(gold).toContainText('Gold');
    await expect(v.getByTestId('winner-card').filter({ hasText: FILM_B })).toContainText('Silver');
    await expect(v.locator('.desktop-nav').getByRole('link', { name: e('menu.results') })).toBeVisible();
    expect(await seriousViolations(v)).toEqual([]);
    await shoot(v, 'results');
    await gold.getByRole('link').click();
    await expect(v).toHaveURL(new RegExp(`/en-US/gallery/${entryA.id}$`));
    await v.goto('/zh-CN/results');
    await expect(v.getByTestId('winner-card').filter({ hasText: FILM_A })).toContainText('金奖');
    await shoot(v, 'results-zh');
    expect(visitor.problems.list).toEqual([]);
  } finally {
    await visitor.close();
  }
  // The server-rendered head of the results page, for sharing.
  const html = await (await request.get('/en-US/results')).text();
  expect(html).toContain('<meta property="og:title" content="Results">');
  expect(html).toContain(FILM_A);

  // The entrants' mails: the winner's names the award, in the entrant's language.
  await expect.poll(async () => (await mailsTo(entrantA.email)).map((x) => x.subject).join('|')).toContain(`“${FILM_A}” won Gold`);
  await expect.poll(async () => (await mailsTo(entrantB.email)).map((x) => x.subject).join('|')).toContain(`《${FILM_B}》荣获银奖`);
  expectClean();
});
