import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '../common/i18n/index';
import type { Locale } from '../common/locales';
import { expect, test } from './fixtures';
import { submitThroughApi } from './support/api-entrant';
import { seriousViolations } from './support/axe';
import { createEmptyInstallOrganiser, EMPTY_BASE_URL, signInToEmptyConsole } from './support/empty-install';
import { registerAndSignIn } from './support/entrant-ui';
import { mailsTo } from './support/mail-sink-ports';

/**
 * The organiser's own mail texts, on the empty install an organiser starts from: two people register through
 * the site (one in English, one in Simplified Chinese) and submit an entry each; the organiser edits the
 * approval mail's zh-CN and en-US texts in the console, approves both entries there, and each entrant receives
 * the edited text in their own language, read from the e2e mail sink.
 */
test.use({ baseURL: EMPTY_BASE_URL });

const RUN = Date.now().toString(36);
const ADMIN = { email: `e2e-mail-organiser-${RUN}@example.test`, password: 'Organ1ser!x' };
const PASSWORD = 'Entr4nt!pass';
const HOUR = 3_600_000;
const zh = MESSAGES['zh-CN'];

type Person = { locale: Locale; email: string; title: string };
const PEOPLE: Person[] = [
  { locale: 'en-US', email: `e2e-mail-en-${RUN}@example.test`, title: `Mail test <b>${RUN}</b>` },
  { locale: 'zh-CN', email: `e2e-mail-cn-${RUN}@example.test`, title: `邮件测试作品 ${RUN}` },
];
const EDITED = {
  'zh-CN': { subject: '恭喜入选：《{{entryTitle}}》', body: '您好！《{{entryTitle}}》已入选本届展映，编号 {{entryNo}}。\n\n作品页面：{{entryUrl}}' },
  'en-US': {
    subject: 'You are in: {{entryTitle}}',
    body: 'Hello! "{{entryTitle}}" is in this year’s screening as number {{entryNo}}.\n\nIts page: {{entryUrl}}',
  },
};

async function organiserToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).data.token as string;
}

/** The organiser opens submissions through the console's API (the phase editor is another spec's subject). */
test.beforeAll(async ({ request }) => {
  createEmptyInstallOrganiser(ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${await organiserToken(request)}` };
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const res = await request.put('/api/admin/phases/submission', { headers, data: { start: at(-HOUR), end: at(7 * 24 * HOUR) } });
  expect(res.status(), await res.text()).toBe(200);
});

async function registerAndSubmit(page: Page, request: APIRequestContext, person: Person): Promise<void> {
  await registerAndSignIn(page, person.locale, person.email, PASSWORD);
  const login = await request.post('/api/auth/login', { data: { email: person.email, password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  await submitThroughApi(request, { email: person.email, password: PASSWORD, token }, { title: person.title });
}

/** The newest mail to `email` whose subject starts with `prefix`, once the sink has it. */
async function mailStartingWith(email: string, prefix: string) {
  const find = async () => (await mailsTo(email)).findLast((m) => m.subject.startsWith(prefix));
  await expect.poll(async () => Boolean(await find()), { timeout: 30_000 }).toBe(true);
  return (await find()) as NonNullable<Awaited<ReturnType<typeof find>>>;
}

async function fillLocale(page: Page, tab: string, text: { subject: string; body: string }) {
  await page.getByRole('tab', { name: tab }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.getByRole('textbox', { name: zh['console.mailTemplates.subject'] }).fill(text.subject);
  await panel.getByRole('textbox', { name: zh['console.mailTemplates.body'] }).fill(text.body);
}

test('the organiser edits the approval mail, approves entries, and each entrant gets the edited text in their language', async ({
  page,
  browser,
  request,
  problems,
  expectClean,
}) => {
  test.setTimeout(240_000);
  // Each entrant registers through the site in a browser of their own.
  for (const person of PEOPLE) {
    const entrantContext = await browser.newContext({ baseURL: EMPTY_BASE_URL, locale: person.locale });
    await registerAndSubmit(await entrantContext.newPage(), request, person);
    await entrantContext.close();
  }

  await signInToEmptyConsole(page, ADMIN.email, ADMIN.password);
  await page.getByRole('menuitem', { name: zh['console.menu.mailTemplates'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: zh['console.mailTemplates.title'] })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: `${zh['console.mailTemplates.edit']} ${zh['mail.kind.entryApproved']}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: zh['mail.kind.entryApproved'] })).toBeVisible();
  // The placeholders this mail offers are listed with what they stand for.
  await expect(page.getByText('{{entryTitle}}', { exact: true })).toBeVisible();
  await expect(page.getByText(zh['mail.placeholder.entryTitle'], { exact: true })).toBeVisible();

  // An unknown placeholder is refused under its field, in the console's language.
  await fillLocale(page, '简体中文', { subject: EDITED['zh-CN'].subject, body: '{{winnerName}}' });
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: '邮件文本中有未知的占位符 {{winnerName}}，请只使用列出的占位符' })).toBeVisible();

  await fillLocale(page, '简体中文', EDITED['zh-CN']);
  await fillLocale(page, 'English', EDITED['en-US']);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(zh['console.mailTemplates.saved'])).toBeVisible();

  // The preview of the English tab shows the edited text with sample data.
  // antd spaces out a two-character Chinese label.
  await page.getByRole('button', { name: /预\s*览/ }).click();
  await expect(page.getByTestId('mail-preview-subject')).toHaveText(`You are in: ${MESSAGES['en-US']['mail.sample.entryTitle']}`);
  await expect(page.getByTestId('mail-preview-text')).toContainText('is in this year’s screening as number 12.');
  await expect(page.locator('.console-mail-preview')).toContainText('is in this year’s screening as number 12.');
  expect(await seriousViolations(page)).toEqual([]);

  // Approve both entries in the entries list.
  await page.getByRole('menuitem', { name: zh['console.menu.entries'] }).click();
  for (const person of PEOPLE) {
    const row = page.getByRole('row').filter({ hasText: person.title });
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await expect(row).toHaveCount(0);
  }

  const [en, cn] = PEOPLE as [Person, Person];
  const enMail = await mailStartingWith(en.email, 'You are in:');
  expect(enMail.subject).toBe(`You are in: ${en.title}`);
  expect(enMail.text).toMatch(new RegExp(`^Hello! "${en.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" is in this year’s screening as number \\d+\\.$`, 'm'));
  // The title's markup arrives as text in the HTML part.
  expect(enMail.html).toContain(`Mail test &lt;b&gt;${RUN}&lt;/b&gt;`);
  const cnMail = await mailStartingWith(cn.email, '恭喜入选');
  expect(cnMail.subject).toBe(`恭喜入选：《${cn.title}》`);
  expect(cnMail.text).toMatch(new RegExp(`^您好！《${cn.title}》已入选本届展映，编号 \\d+。$`, 'm'));
  expect(cnMail.text).toContain(`${EMPTY_BASE_URL}/zh-CN/gallery/`);
  // The refused placeholder above answered 400 on purpose.
  problems.list = problems.list.filter((p) => !/status of 400 .*\/api\/admin\/mail-templates\/entryApproved$/.test(p));
  expectClean();
});
