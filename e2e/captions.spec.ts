import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERRORS } from '../common/errors';
import { MESSAGES } from '../common/i18n/index';
import { expect, test } from './fixtures';
import { createOrganiser, type EntryFiles, fillEntryForm, makeEntryFiles } from './support/entrant-ui';
import { signInFresh } from './support/submission-session';

/**
 * An entrant's subtitle file becomes the film's captions: picked in the entry form as an .srt, sent through
 * tus, approved by the organiser (through the API: the console's approval is the journey's test), and on the
 * film page the player has a default captions track whose WebVTT loads into cues.
 */
const ORGANISER = { email: `captions-organiser-${Date.now()}@example.test`, password: 'Organ1ser!x' };
const TITLE = `Subtitled ${Date.now().toString(36)}`;
const SRT = '1\r\n00:00:00,200 --> 00:00:03,000\r\n<i>Hello</i>, caller\r\n\r\n2\r\n00:00:03,500 --> 00:00:06,000\r\nHang up first\r\n';

let dir: string;
let files: EntryFiles & { subtitles: string };

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-e2e-captions-'));
  files = { ...(await makeEntryFiles(dir, 6)), subtitles: path.join(dir, 'film.srt') };
  fs.writeFileSync(files.subtitles, SRT);
  createOrganiser(ORGANISER.email, ORGANISER.password);
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('an entrant uploads an .srt with the entry; once approved the film page shows it as WebVTT captions', async ({ page, expectClean }) => {
  test.setTimeout(360_000);
  const { token } = await signInFresh(page, { verified: true });
  await page.goto('/en-US/submitWorks');
  await fillEntryForm(
    page,
    'en-US',
    {
      group: 'open',
      title: TITLE,
      description: 'A call from "customs" that the whole family answers in turn.',
      slogan: 'Hang up',
      team: 'Subtitlers',
      teamDesc: 'Three people and a phone.',
    },
    files,
  );
  await page.locator('#upload-subtitles').setInputFiles(files.subtitles);
  await expect(page.getByTestId('uploaded-subtitles')).toContainText('film.srt', { timeout: 30_000 });
  await page.getByRole('button', { name: MESSAGES['en-US']['submit.submit'] }).click();
  await expect(page.getByTestId('submission-success')).toContainText(ERRORS[200211]['en-US']);

  const mine = (await (await page.request.get('/api/entries/mine', { headers: { authorization: `Bearer ${token}` } })).json()).data as {
    id: number;
    title: string;
  }[];
  const entryId = mine.find((e) => e.title === TITLE)?.id as number;
  const login = await page.request.post('/api/auth/login', { data: ORGANISER });
  const adminToken = (await login.json()).data.token as string;
  expect((await page.request.post(`/api/admin/entries/${entryId}/approve`, { headers: { authorization: `Bearer ${adminToken}` } })).status()).toBe(200);
  // The film page shows the player once the pipeline has made the renditions.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/gallery/entries/${entryId}`)).json()).data.film as { hls: string | null }).hls, {
      timeout: 300_000,
    })
    .toBeTruthy();

  await page.goto(`/en-US/gallery/${entryId}`);
  const track = page.locator('.entry-player video track');
  await expect(track).toHaveAttribute('kind', 'captions');
  await expect(track).toHaveAttribute('src', `/api/gallery/entries/${entryId}/captions.vtt`);
  await expect(track).toHaveAttribute('label', MESSAGES['en-US']['media.player.captions']);
  await expect(track).toHaveAttribute('default', '');
  // The film (and with it its captions' cues) loads when the visitor presses play.
  await page.locator('.entry-player .media-player__start').click();
  const video = page.locator('.entry-player video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0), { timeout: 30_000 }).toBe(2);
  expect(await video.evaluate((v: HTMLVideoElement) => (v.textTracks[0]?.cues?.[0] as VTTCue | undefined)?.text)).toBe('<i>Hello</i>, caller');
  expectClean();
});
