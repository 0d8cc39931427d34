import { type APIRequestContext, expect } from '@playwright/test';
import type { PowChallenge } from '../../common/challenge';
import { ENTRY_FILE_NAMES, type EntryFilePurpose, entryFileSet, type SentFile, testFilm } from '../../server/test/helpers/files';
import { linkIn } from '../../server/test/helpers/mail-sink';
import { solvePow } from '../../server/test/helpers/pow';
import { mailsTo } from './mail-sink-ports';

/**
 * An entrant who goes through the product's own API, for specs whose subject comes after submission (review,
 * downloads, votes): registers, opens the verification link mailed to the e2e sink, signs in, uploads the five
 * files with the real tus protocol (credential, creation, PATCH) and posts the entry form. The entry form in
 * the browser is the submission area's spec (entrant-ui.ts walks it); here the UI is not the subject.
 */
type ApiEntrant = { email: string; password: string; token: string };
export type ApiEntry = { id: number; submissionNo: string; title: string; entrant: ApiEntrant; files: Record<EntryFilePurpose, SentFile> };

const PASSWORD = 'Entr4nt!pass';

/** A `register` challenge fetched from GET /api/challenge and solved, as the register page sends it. */
export async function registerSolution(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/challenge?purpose=register');
  expect(res.status(), await res.text()).toBe(200);
  return solvePow((await res.json()).data as PowChallenge).altcha;
}

/** Registers through POST /api/auth/register (with a solved challenge), follows the mailed verification link, then signs in through the API. */
export async function registerThroughApi(request: APIRequestContext, opts: { email: string; password?: string; locale?: string }): Promise<ApiEntrant> {
  const password = opts.password ?? PASSWORD;
  const locale = opts.locale ?? 'zh-CN';
  const registered = await request.post('/api/auth/register', {
    headers: { 'x-locale': locale },
    data: { email: opts.email, password, confirmPassword: password, altcha: await registerSolution(request) },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  let mail: { text: string } | undefined;
  await expect.poll(async () => (mail = (await mailsTo(opts.email)).at(-1))).toBeTruthy();
  const verified = await request.get(linkIn(mail), { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  expect(verified.headers().location).toMatch(/\/activateLogin$/);
  const login = await request.post('/api/auth/login', { data: { email: opts.email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return { email: opts.email, password, token: (await login.json()).data.token as string };
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** One file through the upload credential and the tus protocol; the final PATCH answers with the server's checks. */
async function uploadThroughTus(request: APIRequestContext, token: string, purpose: string, name: string, data: Buffer): Promise<SentFile> {
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

/** Submits a complete entry as `entrant` through POST /api/entries; fails the test if the product refuses any step. */
export async function submitThroughApi(
  request: APIRequestContext,
  entrant: ApiEntrant,
  texts: { title: string; group?: 'open' | 'student'; description?: string; team?: string; teamDesc?: string; slogan?: string },
): Promise<ApiEntry> {
  const sent = {} as Record<EntryFilePurpose, SentFile>;
  for (const [purpose, data] of await entryFileSet(await testFilm())) {
    sent[purpose] = await uploadThroughTus(request, entrant.token, purpose, ENTRY_FILE_NAMES[purpose], data);
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
