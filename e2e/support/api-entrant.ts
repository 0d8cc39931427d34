import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { fixtureDir, makeEntryFilm, makeImage, makeZip, SMALL_PDF } from '../../server/test/helpers/files';
import { mailsTo } from './mail-sink-ports';

/**
 * An entrant who goes through the product's own API, for specs whose subject comes after submission (review,
 * downloads, votes): registers, opens the verification link mailed to the e2e sink, signs in, uploads the five
 * files with the real tus protocol (credential, creation, PATCH) and posts the entry form. The entry form in
 * the browser is the submission area's spec (entrant-ui.ts walks it); here the UI is not the subject.
 */
export type ApiEntrant = { email: string; password: string; token: string };
/** One file as sent: the upload id, the name and bytes the entrant sent, and the public URL of a normalised image. */
export type SentFile = { id: string; name: string; data: Buffer; url: string | null };
export type ApiEntry = { id: number; submissionNo: string; title: string; entrant: ApiEntrant; files: Record<EntryFilePurpose, SentFile> };
export type EntryFilePurpose = 'teamLogo' | 'cover' | 'videoCover' | 'video' | 'empower';

const PASSWORD = 'Entr4nt!pass';

/** Registers through POST /api/auth/register, follows the mailed verification link, then signs in through the API. */
export async function registerThroughApi(request: APIRequestContext, opts: { email: string; password?: string; locale?: string }): Promise<ApiEntrant> {
  const password = opts.password ?? PASSWORD;
  const locale = opts.locale ?? 'zh-CN';
  const registered = await request.post('/api/auth/register', {
    headers: { 'x-locale': locale },
    data: { email: opts.email, password, confirmPassword: password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  let link: string | undefined;
  await expect.poll(async () => (link = (await mailsTo(opts.email)).at(-1)?.text.match(/https?:\/\/\S+/)?.[0])).toBeTruthy();
  const verified = await request.get(link as string, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  expect(verified.headers().location).toMatch(/\/activateLogin$/);
  const login = await request.post('/api/auth/login', { data: { email: opts.email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return { email: opts.email, password, token: (await login.json()).data.token as string };
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** One file through the upload credential and the tus protocol; the final PATCH answers with the server's checks. */
export async function uploadThroughTus(request: APIRequestContext, token: string, purpose: string, name: string, data: Buffer): Promise<SentFile> {
  const auth = { authorization: `Bearer ${token}` };
  const cred = await request.post('/api/uploads/credential', { headers: auth, data: { purpose, name, size: data.length, type: '' } });
  expect(cred.status(), `${purpose} credential: ${await cred.text()}`).toBe(200);
  const created = await request.post('/api/uploads/tus', {
    headers: {
      ...auth,
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': `credential ${b64((await cred.json()).data.credential)},filename ${b64(name)}`,
    },
  });
  expect(created.status(), `${purpose} creation: ${await created.text()}`).toBe(201);
  const location = created.headers().location as string;
  const sent = await request.fetch(location, {
    method: 'PATCH',
    headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data,
  });
  expect(sent.status(), `${purpose} upload: ${await sent.text()}`).toBe(200);
  const result = (await sent.json()).data as { id: string; url: string | null };
  return { id: result.id, name, data, url: result.url };
}

let files: Record<EntryFilePurpose, { name: string; data: Buffer }> | undefined;

/** Files a camera and an editor would give: images of the right kind, a 2 s 1920x1080 H.264 film, a zipped PDF. */
async function entryFiles(): Promise<Record<EntryFilePurpose, { name: string; data: Buffer }>> {
  if (!files) {
    const dir = fixtureDir();
    try {
      files = {
        teamLogo: { name: 'logo.png', data: await makeImage(200, 200, 'png') },
        cover: { name: 'cover.jpg', data: await makeImage(500, 500, 'jpeg') },
        videoCover: { name: 'still.jpg', data: await makeImage(1920, 1080, 'jpeg') },
        video: { name: 'film.mp4', data: fs.readFileSync(await makeEntryFilm(path.join(dir, 'film.mp4'), { width: 1920, height: 1080, seconds: 2 })) },
        empower: { name: 'authorisation.zip', data: makeZip([{ name: 'letter.pdf', data: SMALL_PDF }]) },
      };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return files;
}

/** Submits a complete entry as `entrant` through POST /api/entries; fails the test if the product refuses any step. */
export async function submitThroughApi(
  request: APIRequestContext,
  entrant: ApiEntrant,
  texts: { title: string; group?: 'open' | 'student'; description?: string; team?: string; teamDesc?: string; slogan?: string },
): Promise<ApiEntry> {
  const sent = {} as Record<EntryFilePurpose, SentFile>;
  for (const [purpose, file] of Object.entries(await entryFiles()) as [EntryFilePurpose, { name: string; data: Buffer }][]) {
    sent[purpose] = await uploadThroughTus(request, entrant.token, purpose, file.name, file.data);
  }
  const form = {
    group: 'open',
    description: '一位老人接到“公检法”电话，险些把积蓄转走。',
    team: '灯笼影像',
    teamDesc: '三名电影专业的学生。',
    slogan: '先挂断，再核实',
    ...texts,
    confirmRules: true,
    uploads: Object.fromEntries(Object.entries(sent).map(([purpose, f]) => [purpose, f.id])),
  };
  const res = await request.post('/api/entries', { headers: { authorization: `Bearer ${entrant.token}` }, data: form });
  expect(res.status(), await res.text()).toBe(201);
  const data = (await res.json()).data as { id: number; submissionNo: string };
  return { id: data.id, submissionNo: data.submissionNo, title: texts.title, entrant, files: sent };
}
