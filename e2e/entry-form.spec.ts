import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES } from '../common/i18n/index';
import { makeEntryFilm, SMALL_PDF } from '../server/test/helpers/files';
import { linkIn } from '../server/test/helpers/mail-sink';
import { expect, recordProblems, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { saveSubmissionWeek } from './support/console-phases';
import { createEmptyInstallOrganiser, EMPTY_BASE_URL, signInToEmptyConsole } from './support/empty-install';
import { makePicture, registerAndSignIn, uploadImages } from './support/entrant-ui';
import { mailsTo } from './support/mail-sink-ports';
import { chooseOption } from './support/select';

/**
 * The entry form is the organiser's: on an empty install (DEMO_CONTENT=false) the organiser adds a group with a
 * three-minute film limit, a required consent and a required student-ID file in the console; an entrant reads
 * the group's limits on the form, is refused a four-minute film in it, and submits a short film with the consent
 * and the file; the organiser reads the answers in the entry's drawer and in the CSV; a juror reads only the
 * answers the organiser shows jurors.
 */
const ORGANISER = { email: `form-${Date.now().toString(36)}@example.test`, password: 'F0rm#Own3r' };
const ENTRANT = { email: `form-entrant-${Date.now().toString(36)}@example.test`, password: 'Entr4nt!pass' };
const SHOTS = path.join('test-results', 'entry-form');
const HOUR = 3_600_000;
const cn = (key: string) => MESSAGES['zh-CN'][key as 'site.name'];
const en = (key: string) => MESSAGES['en-US'][key as 'site.name'];
const GROUP = { key: 'campus', cn: '校园短片组', en: 'Campus Shorts', rule: '影片须在校园内拍摄' };
const CONSENT = { label: '监护人同意', text: '我的监护人已阅读并同意参赛规则' };
const STUDENT_ID = '学生证';
const SCHOOL = '就读学校';
const tabField = (page: Page, tab: string, label: string) => page.getByRole('tabpanel', { name: tab }).getByRole('textbox', { name: label });
const save = /保\s*存$/;
// Fail at the step that went wrong instead of at the test's long time-out (film making and uploads take minutes).
test.use({ actionTimeout: 30_000, navigationTimeout: 30_000 });

/** Opens submissions for a week, as organiser-setup does, past the checklist's warning. */
async function openSubmissions(page: Page) {
  await page.goto(`${EMPTY_BASE_URL}/admin/#/settings`);
  const phaseName = await saveSubmissionWeek(page);
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '仍然开放' }).click();
  await expect(page.getByText(`已保存：${phaseName}`).last()).toBeVisible();
}

/** Adds one question through the console's dialog. */
async function addField(page: Page, f: { type: string; label: string; consent?: string; required: boolean; jurors: boolean }) {
  await page.getByRole('button', { name: cn('entryForm.console.field.add') }).click();
  const dialog = page.getByRole('dialog', { name: cn('entryForm.console.field.addTitle') });
  await expect(dialog).toBeVisible();
  // A new question starts as short text; picking the option already chosen can leave antd's list open.
  if (f.type !== cn('entryForm.console.type.shortText')) {
    await chooseOption(page, dialog.getByRole('combobox', { name: cn('entryForm.console.field.type') }), f.type);
  }
  await chooseOption(page, dialog.getByRole('combobox', { name: cn('entryForm.console.field.scope') }), GROUP.cn);
  await tabField(page, '简体中文', cn('entryForm.console.field.label')).fill(f.label);
  if (f.consent) await tabField(page, '简体中文', cn('entryForm.console.field.consentText')).fill(f.consent);
  if (f.required) await dialog.getByRole('switch', { name: cn('entryForm.console.field.required'), exact: true }).click();
  if (f.jurors) await dialog.getByRole('switch', { name: cn('entryForm.console.field.visibleToJurors') }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/entry-fields') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: save }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-table-row').filter({ hasText: f.label })).toBeVisible();
}

test('the organiser builds the form on an empty install; an entrant answers it within the group film limit; the organiser reads the answers', async ({
  page,
  browser,
  request,
  expectClean,
}) => {
  test.setTimeout(480_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'entry-form-'));
  createEmptyInstallOrganiser(ORGANISER.email, ORGANISER.password);
  await signInToEmptyConsole(page, ORGANISER.email, ORGANISER.password);
  await openSubmissions(page);

  // The console's entry-form page, from the menu.
  await page.getByRole('menuitem', { name: cn('entryForm.console.menu') }).click();
  await expect(page.getByRole('heading', { level: 1, name: cn('entryForm.console.title') })).toBeVisible();

  // A new group: its texts, a three-minute limit, landscape only.
  await page.getByRole('button', { name: cn('entryForm.console.group.add') }).click();
  const groupDialog = page.getByRole('dialog', { name: cn('entryForm.console.group.addTitle') });
  await groupDialog.getByRole('textbox', { name: cn('entryForm.console.group.key') }).fill(GROUP.key);
  await tabField(page, '简体中文', cn('entryForm.console.group.name')).fill(GROUP.cn);
  await tabField(page, '简体中文', cn('entryForm.console.group.description')).fill('面向在校学生');
  await tabField(page, '简体中文', cn('entryForm.console.group.rules')).fill(GROUP.rule);
  await groupDialog.getByRole('tab', { name: 'English' }).click();
  await tabField(page, 'English', cn('entryForm.console.group.name')).fill(GROUP.en);
  await groupDialog.getByRole('spinbutton', { name: cn('entryForm.console.group.maxMinutes') }).fill('3');
  await groupDialog.getByText(cn('entryForm.console.orientation.landscape'), { exact: true }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, 'console-group-dialog.png') });
  const groupSaved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/entry-groups/${GROUP.key}`));
  await groupDialog.getByRole('button', { name: save }).click();
  expect((await groupSaved).status()).toBe(200);
  const groupRow = page.locator('.ant-table-row').filter({ hasText: GROUP.cn });
  await expect(groupRow).toContainText('最长 3 分钟');
  await expect(groupRow).toContainText(cn('entryForm.console.orientation.landscape'));
  await expect(page.getByTestId(`group-entries-${GROUP.key}`)).toHaveText('0');

  // Its questions: a required consent (jurors see it), a required student-ID file and a school (both hidden from jurors).
  await addField(page, { type: cn('entryForm.console.type.checkbox'), label: CONSENT.label, consent: CONSENT.text, required: true, jurors: true });
  await addField(page, { type: cn('entryForm.console.type.file'), label: STUDENT_ID, required: true, jurors: false });
  await addField(page, { type: cn('entryForm.console.type.shortText'), label: SCHOOL, required: false, jurors: false });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, 'console-desktop.png'), fullPage: true });
  // On a phone, as an organiser opens it there (the console lays out its menu when it loads).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('.ant-table-row').filter({ hasText: SCHOOL })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, 'console-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.reload();

  // The entrant, on the same install, in English: the group's English name, the rest falling back to zh-CN.
  const entrantContext = await browser.newContext({ baseURL: EMPTY_BASE_URL, locale: 'en-US' });
  const entrant = await entrantContext.newPage();
  const entrantProblems = await recordProblems(entrant);
  await registerAndSignIn(entrant, 'en-US', ENTRANT.email, ENTRANT.password);
  const form = entrant.locator('.entry-form');
  await form.getByText(GROUP.en, { exact: true }).click();
  const details = entrant.getByTestId('group-details');
  await expect(details).toContainText('面向在校学生');
  await expect(details).toContainText(GROUP.rule);
  await expect(details).toContainText('At most 3:00 long');
  await expect(details).toContainText('Landscape 16:9');
  await expect(form.getByText(CONSENT.text)).toBeVisible();
  await expect(form.getByText(STUDENT_ID, { exact: true })).toBeVisible();

  // A four-minute film is refused in this group before a byte is sent.
  const longFilm = await makeEntryFilm(path.join(dir, 'long.mp4'), { width: 1920, height: 1080, seconds: 240, faststart: true });
  await entrant.locator('#upload-video').setInputFiles(longFilm);
  await expect(entrant.locator('.upload-field[data-purpose=video] .upload-error')).toHaveText(
    'This film is 4:00 long; this group takes films up to 3:00. Nothing was uploaded',
    { timeout: 30_000 },
  );
  await expect(entrant.getByTestId('uploaded-video')).toHaveCount(0);

  // Submitting without the consent and the file names both fields.
  await entrant.locator('#title').fill('校园里的陌生来电');
  await entrant.locator('#description').fill('一名学生接到冒充老师的电话，同学们帮她识破骗局。'.repeat(2));
  await entrant.locator('#slogan').fill('陌生来电，先核实');
  await entrant.locator('#team').fill('校园电影社');
  await entrant.locator('#teamDesc').fill('我们是一群热爱电影的中学生，关注校园安全。');
  await entrant.locator('#confirmRules').check();
  await entrant.getByRole('button', { name: en('submit.submit') }).click();
  const consentItem = entrant.locator('.answer-item--checkbox');
  await expect(consentItem.locator('.ant-form-item-explain-error')).toBeVisible();
  await expect(entrant.locator('.answer-item--file .ant-form-item-explain-error')).toBeVisible();

  // The short film, the pictures, the package, the consent and the student ID.
  await uploadImages(entrant, 'en-US', {
    teamLogo: await makePicture(path.join(dir, 'logo.png'), 400, 300),
    cover: await makePicture(path.join(dir, 'cover.jpg'), 600, 500),
    videoCover: await makePicture(path.join(dir, 'still.jpg'), 1280, 720),
  });
  const film = await makeEntryFilm(path.join(dir, 'short.mp4'), { width: 1920, height: 1080, seconds: 20, faststart: true });
  await entrant.locator('#upload-video').setInputFiles(film);
  await expect(entrant.getByTestId('uploaded-video')).toContainText('1920×1080', { timeout: 60_000 });
  const pdf = path.join(dir, 'authorisation.pdf');
  fs.writeFileSync(pdf, SMALL_PDF);
  await entrant.locator('#upload-empower').setInputFiles(pdf);
  await expect(entrant.getByTestId('uploaded-empower')).toBeVisible({ timeout: 30_000 });
  await consentItem.getByRole('checkbox').check();
  const studentId = await makePicture(path.join(dir, 'student-id.jpg'), 800, 500);
  await entrant.locator('.answer-item--file input[type=file]').setInputFiles(studentId);
  await expect(entrant.locator('.answer-item--file .upload-done')).toBeVisible({ timeout: 30_000 });
  await entrant.getByRole('textbox', { name: SCHOOL }).fill('明德中学');
  expect(await seriousViolations(entrant)).toEqual([]);
  await entrant.screenshot({ path: path.join(SHOTS, 'form-desktop.png'), fullPage: true });
  await entrant.setViewportSize({ width: 390, height: 844 });
  await entrant.screenshot({ path: path.join(SHOTS, 'form-390.png'), fullPage: true });
  await entrant.setViewportSize({ width: 1280, height: 720 });
  await entrant.getByRole('button', { name: en('submit.submit') }).click();
  await expect(entrant.getByTestId('submission-success')).toBeVisible({ timeout: 30_000 });
  expect(entrantProblems.list).toEqual([]);

  // The organiser reads the answers in the drawer (the file as a download link) and in the CSV.
  await page.goto(`${EMPTY_BASE_URL}/admin/#/entries`);
  await page.locator('.ant-table-row').filter({ hasText: '校园里的陌生来电' }).getByRole('button').first().click();
  const answers = page.getByTestId('drawer-answers');
  await expect(answers).toContainText(CONSENT.label);
  await expect(answers).toContainText('明德中学');
  await expect(answers.getByRole('link')).toHaveCount(1);
  await answers.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'drawer.png') });
  await page.keyboard.press('Escape');

  // The CSV has a column per question, with the entrant's answers in words.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: cn('console.entries.export') }).click();
  const csv = fs.readFileSync((await (await download).path()) ?? '', 'utf8');
  const [head = '', ...rows] = csv.split(/\r?\n/);
  for (const label of [CONSENT.label, STUDENT_ID, SCHOOL]) expect(head).toContain(label);
  expect(rows.find((r) => r.includes('校园里的陌生来电'))).toContain('明德中学');

  // A juror sees the answers the organiser shows jurors, and not the school or the student ID.
  const login = await request.post(`${EMPTY_BASE_URL}/api/auth/login`, { data: ORGANISER });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const list = await (await request.get(`${EMPTY_BASE_URL}/api/admin/entries`, { headers })).json();
  const entryId = (list.data.items as { id: number; title: string }[]).find((x) => x.title === '校园里的陌生来电')?.id;
  const adminApi = async (method: 'post' | 'put', url: string, data?: unknown) =>
    (await request[method](`${EMPTY_BASE_URL}${url}`, { headers, data })).status();
  expect(await adminApi('post', `/api/admin/entries/${entryId}/approve`)).toBe(200);
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  expect(await adminApi('put', '/api/admin/phases/submission', { start: at(-2 * HOUR), end: at(-60_000) })).toBe(200);
  expect(await adminApi('put', '/api/admin/phases/judging', { start: at(-30_000), end: at(24 * HOUR) })).toBe(200);
  const jurorEmail = `form-juror-${Date.now().toString(36)}@example.test`;
  await page.goto(`${EMPTY_BASE_URL}/admin/#/jury`);
  await page.getByRole('tab', { name: cn('jury.tab.jurors') }).click();
  const jurors = page.getByRole('tabpanel', { name: cn('jury.tab.jurors') });
  await jurors.getByLabel(cn('jury.jurors.email'), { exact: true }).fill(jurorEmail);
  await jurors.getByRole('button', { name: new RegExp(cn('jury.jurors.send').split('').join('\\s*')) }).click();
  await expect(page.getByRole('cell', { name: jurorEmail })).toBeVisible();
  const jurorContext = await browser.newContext({ baseURL: EMPTY_BASE_URL, locale: 'zh-CN' });
  const j = await jurorContext.newPage();
  const jurorProblems = await recordProblems(j);
  let mail: { text: string } | undefined;
  await expect.poll(async () => (mail = (await mailsTo(jurorEmail)).at(-1))).toBeTruthy();
  await j.goto(linkIn(mail));
  await j.getByLabel(cn('jury.invite.password'), { exact: true }).fill('Jur0r!pass');
  await j.getByLabel(cn('jury.invite.confirm')).fill('Jur0r!pass');
  await j.getByRole('button', { name: new RegExp(cn('jury.invite.submit').split('').join('\\s*')) }).click();
  await expect(j).toHaveURL(/#\/judging$/);
  // The organiser's group reads as its name wherever an entry shows it, not as its key.
  await expect(j.getByTestId('judging-entry').filter({ hasText: '校园里的陌生来电' })).toContainText(GROUP.cn);
  await j.getByTestId('judging-entry').filter({ hasText: '校园里的陌生来电' }).click();
  const seen = j.getByTestId('juror-answers-list');
  await expect(seen).toContainText(CONSENT.label);
  await expect(seen).not.toContainText(SCHOOL);
  await expect(seen).not.toContainText(STUDENT_ID);
  await expect(j.getByText('明德中学')).toHaveCount(0);
  await j.screenshot({ path: path.join(SHOTS, 'juror.png'), fullPage: true });
  expect(jurorProblems.list).toEqual([]);

  // The public gallery (voting open) has a tab for the organiser's group and names it on the entry's card.
  expect(await adminApi('put', '/api/admin/phases/voting', { start: at(-20_000), end: at(24 * HOUR) })).toBe(200);
  await entrant.goto('/zh-CN/gallery');
  await entrant.getByRole('tab', { name: GROUP.cn }).click();
  await expect(entrant).toHaveURL(/group=campus/);
  await expect(entrant.locator('.entry-card').filter({ hasText: '校园里的陌生来电' })).toContainText(GROUP.cn);

  // The entrant reads their own answers under My entries.
  await entrant.goto('/en-US/account');
  await entrant.getByTestId('my-entry').getByText(MESSAGES['en-US']['entryForm.view.myAnswers']).click();
  const mine = entrant.getByTestId('my-entry-answers');
  await expect(mine).toContainText(CONSENT.label);
  await expect(mine).toContainText('明德中学');
  expect(entrantProblems.list).toEqual([]);
  expectClean();
  await jurorContext.close();
  await entrantContext.close();
});
