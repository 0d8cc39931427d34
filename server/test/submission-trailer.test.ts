import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  DIALECTS,
  ENTRY_FORM,
  fixtureDir,
  makeEntryFilm,
  newEntrant,
  openSubmissions,
  startTestApp,
  type TestApp,
  uploadEntryFiles,
} from './factories';
import { api, credential, uploadFile } from './submission-client';

let dir: string;
let trailer: Buffer;
let otherTrailer: Buffer;
let longTrailer: Buffer;

beforeAll(async () => {
  dir = fixtureDir();
  trailer = fs.readFileSync(await makeEntryFilm(path.join(dir, 'trailer.mp4'), { width: 1920, height: 1080, seconds: 3 }));
  otherTrailer = fs.readFileSync(await makeEntryFilm(path.join(dir, 'trailer-2.mp4'), { width: 1920, height: 1080, seconds: 1 }));
  // One second over the trailer's three minutes.
  longTrailer = fs.readFileSync(await makeEntryFilm(path.join(dir, 'trailer-long.mp4'), { width: 1920, height: 1080, seconds: 181 }));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(DIALECTS)('entries: the optional trailer (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: { token: string };

  const storedOriginal = (id: string) => fs.existsSync(path.join(t.ctx.config.dataDir, 'uploads', id));
  const adminGet = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
  const trailerRows = (entryId: number) =>
    t.ctx.db.selectFrom('uploads').select(['id', 'storage_key']).where('entry_id', '=', entryId).where('purpose', '=', 'trailer').execute();

  beforeAll(async () => {
    t = await startTestApp(dialect, { demoContent: false });
    base = await openSubmissions(t);
    admin = await createTestUser(t.ctx, { role: 'admin' });
  });
  afterAll(async () => t.close());

  it('submits an entry with a trailer checked by ffprobe; the console lists it and it downloads through a signed link', async () => {
    const c = await newEntrant(t, base);
    const uploads = await uploadEntryFiles(c);
    const up = await uploadFile(c, 'trailer', trailer);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({ purpose: 'trailer', url: null, meta: { width: 1920, height: 1080 } });
    expect(up.body.data.meta.duration).toBeGreaterThan(2.5);

    const res = await api(c, 'POST', '/api/entries', { ...ENTRY_FORM, uploads: { ...uploads, trailer: up.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const entryId = res.body.data.id as number;
    // Kept as a private original, like the film.
    expect(await trailerRows(entryId)).toEqual([{ id: up.id, storage_key: up.id }]);
    const mine = await api(c, 'GET', `/api/entries/mine/${entryId}`);
    expect(mine.body.data.files.trailer).toMatchObject({ id: up.id, size: trailer.length, url: null });

    const files = (await adminGet(`/api/admin/entries/${entryId}/files`)).json().data as { name: string; fileName: string; size: number }[];
    expect(files.map((f) => f.name).sort()).toEqual(['cover', 'empower', 'teamLogo', 'trailer', 'video', 'videoCover']);
    expect(files.find((f) => f.name === 'trailer')).toMatchObject({ size: trailer.length });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/admin/entries/${entryId}/files/trailer/link`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(link.statusCode).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: link.json().data.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(trailer)).toBe(true);
  });

  it('refuses a trailer over three minutes with 5021 and keeps neither its row nor its bytes', async () => {
    const c = await newEntrant(t, base);
    const up = await uploadFile(c, 'trailer', longTrailer);
    expect(up.status).toBe(422);
    expect(up.body).toMatchObject({ code: 5021, msg: 'The trailer is 3:01 long; the limit is 3 minutes' });
    const id = up.id as string;
    expect(await t.ctx.db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(storedOriginal(id)).toBe(false);
  });

  it('limits a trailer to 500 MB at the credential', async () => {
    const c = await newEntrant(t, base);
    expect((await credential(c, 'trailer', 500 * 1024 * 1024)).status).toBe(200);
    const res = await credential(c, 'trailer', 500 * 1024 * 1024 + 1);
    expect([res.status, res.body.code, res.body.msg]).toEqual([413, 5002, 'File size exceeds 500 M']);
  });

  it('an entry without a trailer submits; on edit a trailer is added, replaced and removed, the old bytes deleted', async () => {
    const c = await newEntrant(t, base);
    const res = await api(c, 'POST', '/api/entries', { ...ENTRY_FORM, uploads: await uploadEntryFiles(c) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const entryId = res.body.data.id as number;
    expect(await trailerRows(entryId)).toEqual([]);
    expect((await api(c, 'GET', `/api/entries/mine/${entryId}`)).body.data.files.trailer).toBeUndefined();

    const first = (await uploadFile(c, 'trailer', trailer)).id as string;
    const added = await api(c, 'PUT', `/api/entries/mine/${entryId}`, { ...ENTRY_FORM, uploads: { trailer: first } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.files.trailer.id).toBe(first);

    const second = (await uploadFile(c, 'trailer', otherTrailer)).id as string;
    const replaced = await api(c, 'PUT', `/api/entries/mine/${entryId}`, { ...ENTRY_FORM, uploads: { trailer: second } });
    expect(replaced.body.data.files.trailer.id).toBe(second);
    expect(await trailerRows(entryId)).toEqual([{ id: second, storage_key: second }]);
    expect(storedOriginal(first)).toBe(false);

    const removed = await api(c, 'PUT', `/api/entries/mine/${entryId}`, { ...ENTRY_FORM, uploads: { trailer: null } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.files.trailer).toBeUndefined();
    expect(await trailerRows(entryId)).toEqual([]);
    expect(storedOriginal(second)).toBe(false);
    // The film and the other files are untouched by the trailer's comings and goings.
    expect(Object.keys(removed.body.data.files).sort()).toEqual(['cover', 'empower', 'teamLogo', 'video', 'videoCover']);
  });

  it('refuses a film upload in the trailer slot (5012)', async () => {
    const c = await newEntrant(t, base);
    const uploads = await uploadEntryFiles(c);
    const res = await api(c, 'POST', '/api/entries', { ...ENTRY_FORM, uploads: { ...uploads, trailer: uploads.video } });
    expect([res.status, res.body.code]).toEqual([403, 5012]);
  });
});
