import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { MESSAGES } from '../../common/i18n/index';
import type { Locale } from '../../common/locales';
import { makeFilm, makeImage, SMALL_PDF } from '../../server/test/helpers/files';
import { linkIn } from '../../server/test/helpers/mail-sink';
import { confirmCrop } from './cropper';
import { mailsTo } from './mail-sink-ports';

/**
 * The steps a real person takes, through the UI only: register and open the mailed link, sign in, fill the
 * entry form with real files. Pictures and films come from server/test/helpers/files.ts.
 */
const text = (l: Locale, key: string) => MESSAGES[l][key as 'site.name'];

/** Writes a picture to `file`, PNG or JPEG by its extension, as the file a browser's picker hands over; returns `file`. */
export async function makePicture(file: string, width: number, height: number): Promise<string> {
  fs.writeFileSync(file, await makeImage(width, height, file.endsWith('.png') ? 'png' : 'jpeg'));
  return file;
}

/** Registers, opens the verification link from the real mail, and signs in from the page it leads to. */
export async function registerAndSignIn(page: Page, l: Locale, email: string, password: string): Promise<void> {
  await page.goto(`/${l}/register`);
  await page.getByLabel(text(l, 'auth.email')).fill(email);
  await page.getByLabel(text(l, 'auth.password'), { exact: true }).fill(password);
  await page.getByLabel(text(l, 'auth.confirmPassword')).fill(password);
  await page.getByRole('button', { name: text(l, 'account.register.submit') }).click();
  await expect(page.getByRole('heading', { name: text(l, 'account.register.doneTitle') })).toBeVisible();
  let mail: { text: string } | undefined;
  await expect.poll(async () => (mail = (await mailsTo(email)).at(-1))).toBeTruthy();
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(new RegExp(`/${l}/activateLogin$`));
  await page
    .getByRole('main')
    .getByRole('link', { name: text(l, 'account.activate.toLogin') })
    .click();
  await page.getByLabel(text(l, 'auth.email')).fill(email);
  await page.getByLabel(text(l, 'auth.password')).fill(password);
  await page.getByRole('button', { name: text(l, 'account.login.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${l}/submitWorks$`));
}

export type EntryFiles = { teamLogo: string; cover: string; videoCover: string; video: string; empower: string };

/**
 * The files of one entry, made in `dir` as an entrant has them: pictures at the form's sizes, a 1080p H.264/AAC film
 * of `filmSeconds` as a camera gives it (25 fps, faststart), and a small PDF authorisation.
 */
export async function makeEntryFiles(dir: string, filmSeconds: number): Promise<EntryFiles> {
  const files: EntryFiles = {
    teamLogo: await makePicture(path.join(dir, 'logo.png'), 400, 300),
    cover: await makePicture(path.join(dir, 'cover.jpg'), 600, 500),
    videoCover: await makePicture(path.join(dir, 'still.jpg'), 1280, 720),
    video: await makeFilm(path.join(dir, 'film.mp4'), {
      width: 1920,
      height: 1080,
      seconds: filmSeconds,
      rate: 25,
      picture: 'testsrc2',
      sound: 'aac',
      faststart: true,
    }),
    empower: path.join(dir, 'authorisation.pdf'),
  };
  fs.writeFileSync(files.empower, SMALL_PDF);
  return files;
}
export type EntryTexts = { group: 'open' | 'student'; title: string; description: string; slogan: string; team: string; teamDesc: string };

/** Fills the entry form on /submitWorks: texts, three cropped images, the film and the package, through tus. */
export async function fillEntryForm(page: Page, l: Locale, texts: EntryTexts, files: EntryFiles): Promise<void> {
  await page
    .locator('.entry-form')
    .getByText(text(l, `group.${texts.group}`), { exact: true })
    .click();
  await page.locator('#title').fill(texts.title);
  await page.locator('#description').fill(texts.description);
  await page.locator('#slogan').fill(texts.slogan);
  await page.locator('#team').fill(texts.team);
  await page.locator('#teamDesc').fill(texts.teamDesc);
  await uploadImages(page, l, files);
  await page.locator('#upload-video').setInputFiles(files.video);
  await expect(page.getByTestId('uploaded-video')).toContainText('1920×1080', { timeout: 60_000 });
  await page.locator('#upload-empower').setInputFiles(files.empower);
  await expect(page.getByTestId('uploaded-empower')).toBeVisible({ timeout: 30_000 });
  await page.locator('#confirmRules').check();
}

/** The cropper opens for each image; the server answers with its normalised copy. */
export async function uploadImages(page: Page, l: Locale, files: Pick<EntryFiles, 'teamLogo' | 'cover' | 'videoCover'>): Promise<void> {
  for (const purpose of ['teamLogo', 'cover', 'videoCover'] as const) {
    await page.locator(`#upload-${purpose}`).setInputFiles(files[purpose]);
    await confirmCrop(page, text(l, 'upload.cropOk'));
    await expect(page.getByTestId(`uploaded-${purpose}`)).toBeVisible({ timeout: 60_000 });
  }
}

/** Creates an organiser account the way an organiser does: `npm run admin -- create`, password typed twice. */
export function createOrganiser(email: string, password: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'cli', 'admin.ts'), 'create', '--email', email], {
    input: `${password}\n${password}\n`,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', DEMO_CONTENT: 'false' },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}
