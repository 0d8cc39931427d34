import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERRORS } from '../common/errors';
import { MESSAGES } from '../common/i18n/index';
import { SUPPORTED_LOCALES } from '../common/locales';
import { makeEntryFilm } from '../server/test/helpers/files';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { fillEntryForm, makeEntryFiles, makePicture, registerAndSignIn, uploadImages } from './support/entrant-ui';
import { signInFresh, withSubmissionClosed } from './support/submission-session';

/**
 * Issue 4 acceptance in Chromium: signed out -> sent to login and back; signed in -> fill the form (kept
 * as a draft across a reload), crop and upload three images, a 1080p film, a trailer and a package through tus ->
 * submit -> 200211 -> home; the entry shows as pending in My entries; a film over 10 minutes is refused
 * in the browser before any upload starts.
 */
const en = (key: string) => MESSAGES['en-US'][key as 'site.name'];
let dir: string;
const file = (name: string) => path.join(dir, name);

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-e2e-sub-'));
  await makeEntryFilm(file('film.mp4'), { width: 1920, height: 1080, seconds: 2, faststart: true });
  await makeEntryFilm(file('long.mp4'), { width: 1920, height: 1080, seconds: 601, faststart: true });
  await makePicture(file('logo.png'), 400, 300);
  await makePicture(file('cover.jpg'), 600, 500);
  await makePicture(file('still.jpg'), 1280, 720);
  fs.writeFileSync(file('package.pdf'), '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  fs.writeFileSync(file('big-package.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40 * 1024 * 1024)]));
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('signed-out visitors are sent to login and back', async ({ page, expectClean }) => {
  await page.goto('/en-US/submitWorks');
  await expect(page).toHaveURL(/\/en-US\/login\?redirect=%2Fen-US%2FsubmitWorks$/);
  expectClean();
});

test('submit an entry with crop, resumable uploads and a browser-side film check; it shows as pending', async ({ page, expectClean }) => {
  await signInFresh(page, { verified: true });
  await page.goto('/en-US/submitWorks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('route.submitWorks'));

  await page.locator('.entry-form').getByText(en('group.student'), { exact: true }).click();
  await page.locator('#title').fill('The Call From Nowhere');
  await page.locator('#description').fill('A grandmother receives a call from a fake police officer and nearly wires her savings away.');
  // The draft survives a reload.
  await expect(page.getByText(en('submit.draftSaved'))).toBeVisible();
  await page.reload();
  await expect(page.locator('#title')).toHaveValue('The Call From Nowhere');
  await page.locator('#slogan').fill('Hang up, call back');
  await page.locator('#team').fill('Lantern Films');
  await page.locator('#teamDesc').fill('Three film students from Hangzhou.');

  // Images: the cropper opens at the right aspect ratio; the server answers with the normalised copy.
  await uploadImages(page, 'en-US', { teamLogo: file('logo.png'), cover: file('cover.jpg'), videoCover: file('still.jpg') });
  const logo = page.getByTestId('uploaded-teamLogo').locator('img');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`)).toBe('160x160');

  // A film over 10 minutes is refused before any byte is sent.
  let uploadRequests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/uploads/')) uploadRequests++;
  });
  await page.locator('#upload-video').setInputFiles(file('long.mp4'));
  await expect(page.locator('.upload-error')).toContainText('This video is 10:01 long, over the 10-minute limit');
  expect(uploadRequests).toBe(0);

  await page.locator('#upload-video').setInputFiles(file('film.mp4'));
  await expect(page.getByTestId('uploaded-video')).toContainText('1920×1080', { timeout: 30_000 });
  expect(uploadRequests).toBeGreaterThan(0);
  // The optional trailer goes through the same widget and the same checks.
  await page.locator('#upload-trailer').setInputFiles(file('film.mp4'));
  await expect(page.getByTestId('uploaded-trailer')).toContainText('1920×1080', { timeout: 30_000 });
  await page.locator('#upload-empower').setInputFiles(file('package.pdf'));
  await expect(page.getByTestId('uploaded-empower')).toBeVisible({ timeout: 30_000 });

  await page.locator('#confirmRules').check();
  await page.getByRole('button', { name: en('submit.submit') }).click();
  await expect(page.getByTestId('submission-success')).toContainText(ERRORS[200211]['en-US']);
  await expect(page.getByTestId('submission-success')).toContainText(/Going to the home page in \d s/);
  await expect(page).toHaveURL(/\/en-US\/home$/, { timeout: 15_000 });

  await page.goto('/en-US/account');
  const entry = page.getByTestId('my-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('The Call From Nowhere');
  await expect(entry.getByTestId('entry-status')).toHaveText(en('entry.status.pending'));
  // The draft was cleared with the submission.
  expect(await page.evaluate(() => localStorage.getItem('submission.draft'))).toBeNull();
  expectClean();
});

test('an upload paused part-way resumes after a page reload from where it stopped', async ({ page, expectClean }) => {
  await signInFresh(page, { verified: true });
  // Hold each chunk a moment so there is time to pause between chunks.
  await page.route('**/api/uploads/tus/*', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  const offsets: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/uploads/tus/')) offsets.push(Number(r.headers()['upload-offset']));
  });
  await page.goto('/en-US/submitWorks');
  const firstChunk = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.status() === 204);
  await page.locator('#upload-empower').setInputFiles(file('big-package.pdf'));
  await firstChunk;
  await page.getByRole('button', { name: en('upload.pause') }).click();
  await expect(page.getByText(/Paused at \d+%/)).toBeVisible();

  await page.reload();
  offsets.length = 0;
  await page.locator('#upload-empower').setInputFiles(file('big-package.pdf'));
  await expect(page.getByTestId('uploaded-empower')).toBeVisible({ timeout: 45_000 });
  // The first PATCH after the reload continued at the server's offset instead of starting over.
  expect(offsets[0]).toBeGreaterThanOrEqual(16 * 1024 * 1024);
  expectClean();
});

test('outside the submission window the page shows the dates and no form', async ({ page, expectClean }) => {
  await signInFresh(page, { verified: true });
  await withSubmissionClosed(async () => {
    await page.goto('/en-US/submitWorks');
    await expect(page.getByRole('heading', { name: en('submit.closedTitle') })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(/The submission window runs from .+ to .+\./);
    await expect(page.locator('form')).toHaveCount(0);
  });
  expectClean();
});

test('every file the server accepts clears its "please upload" error, and the form submits', async ({ page, expectClean }) => {
  test.setTimeout(180_000);
  const files = await makeEntryFiles(fs.mkdtempSync(path.join(dir, 'files-')), 2);
  await registerAndSignIn(page, 'en-US', `entrant-files-${Date.now().toString(36)}@example.test`, 'Entr4nt!pass');
  const fileItem = (purpose: string) => page.locator('.ant-form-item').filter({ has: page.locator(`#upload-${purpose}`) });
  const missing = en('submit.rule.file');

  // Submitting too early flags every required file.
  await page.getByRole('button', { name: en('submit.submit') }).click();
  for (const purpose of ['teamLogo', 'cover', 'videoCover', 'video', 'empower']) {
    await expect(fileItem(purpose).locator('.ant-form-item-explain-error')).toHaveText(missing);
  }
  await fillEntryForm(
    page,
    'en-US',
    {
      group: 'open',
      title: 'Hang Up First',
      description: 'A caller claims to be the bank; a daughter calls back on the real number.',
      slogan: 'Call back',
      team: 'Harbour Lights',
      teamDesc: 'Four friends from Xiamen.',
    },
    files,
  );
  // Each accepted file shows as uploaded, and no error stays under any of them.
  for (const purpose of ['teamLogo', 'cover', 'videoCover', 'video', 'empower']) {
    await expect(fileItem(purpose).getByTestId(`uploaded-${purpose}`)).toBeVisible();
    await expect(fileItem(purpose).locator('.ant-form-item-explain-error')).toHaveCount(0);
  }
  await expect(page.getByText(missing)).toHaveCount(0);
  await page.getByRole('button', { name: en('submit.submit') }).click();
  await expect(page.getByTestId('submission-success')).toContainText(ERRORS[200211]['en-US']);
  expectClean();
});

test('the groups promise nothing the form does not ask for: no student ID, in any language', async ({ page, expectClean }) => {
  test.setTimeout(120_000);
  await registerAndSignIn(page, 'en-US', `entrant-groups-${Date.now().toString(36)}@example.test`, 'Entr4nt!pass');
  // What a student-ID requirement reads like in each language.
  const idRequirement = /student id|proof of (enrolment|enrollment|student)|学生证|學生證|学生证明|學生證明|在读证明|在學證明/i;
  for (const l of SUPPORTED_LOCALES) {
    const text = (key: string) => MESSAGES[l][key as 'site.name'];
    await page.goto(`/${l}/submitWorks`);
    // Choosing a group says who it is for, under the choice.
    const group = page.locator('.entry-form .ant-form-item').filter({ has: page.locator('#group') });
    await group.getByText(text('group.student'), { exact: true }).click();
    await expect(group.locator('.ant-form-item-extra')).toContainText(text('group.studentDesc'));
    expect(await page.locator('main').innerText()).not.toMatch(idRequirement);
    if (l === SUPPORTED_LOCALES[0]) expect(await seriousViolations(page)).toEqual([]);
    await group.getByText(text('group.open'), { exact: true }).click();
    await expect(group.locator('.ant-form-item-extra')).toContainText(text('group.openDesc'));
    await page.goto(`/${l}/eventDetails`);
    await expect(page.getByText(text('group.studentDesc'))).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(idRequirement);
  }
  expectClean();
});
