import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, ENTRY_FORM, entryFileSet, newEntrant, openSubmissions, type TestApp, testFilm, useTestApp } from './factories';
import { api, beginUpload, credential, patch, uploadFile } from './submission-client';

/**
 * The submission deadline and slow networks, over real tus: a film begun before the deadline may finish
 * within the organiser's grace period (2 hours by default) and its entry is accepted; once the grace period
 * is over its next chunk is refused (4014) and the upload row and its partial file are gone. The deadline is
 * moved through the console's phase API relative to now; the grace period through the console settings.
 */
const DAY = 86_400_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

function storedFiles(t: TestApp): string[] {
  const dir = path.join(t.ctx.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe.each(DIALECTS)('uploads across the submission deadline (%s)', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { timeout: 180_000 });

  const admin = async () => (await createTestUser(t.ctx, { role: 'admin' })).token;
  const asAdmin = async (token: string, method: string, url: string, payload?: object) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    expect(res.json().code, res.body).toBe(0);
    return res.json().data;
  };

  it('finishes a film begun before the deadline inside the grace period, and accepts its entry', async () => {
    const organiser = await admin();
    const base = await openSubmissions(t);
    const owner = await newEntrant(t, base);
    const uploads: Record<string, string> = {};
    let film: { location: string; id: string; data: Buffer } | null = null;
    for (const [purpose, data] of await entryFileSet(await testFilm())) {
      if (purpose === 'video') {
        film = { ...(await beginUpload(owner, purpose, data, 'film.mp4')), data };
        const half = Math.floor(data.length / 2);
        expect((await patch(owner, film.location, 0, data.subarray(0, half))).status).toBe(204);
        continue;
      }
      const res = await uploadFile(owner, purpose, data);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      uploads[purpose] = res.id as string;
    }
    if (!film) throw new Error('no film in the entry file set');

    // The deadline passes while the film is still on its way.
    await asAdmin(organiser, 'PUT', '/api/admin/phases/submission', { start: at(-DAY), end: at(0) });
    expect((await credential(owner, 'cover', 1000)).body.code).toBe(4001); // nothing new may start

    const half = Math.floor(film.data.length / 2);
    const rest = await patch(owner, film.location, half, film.data.subarray(half));
    expect(rest.status, await rest.clone().text()).toBe(200);
    const entry = await api(owner, 'POST', '/api/entries', { ...ENTRY_FORM, uploads: { ...uploads, video: film.id } });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect(entry.body.data.submissionNo).toMatch(/^S\d{4}-/);
  });

  it('refuses the next chunk once the grace period is over, leaving no upload row and no file', async () => {
    const organiser = await admin();
    const base = await openSubmissions(t);
    const owner = await newEntrant(t, base);
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * 1024 * 1024)]);
    const upload = await beginUpload(owner, 'empower', data, 'letter.pdf');
    const half = Math.floor(data.length / 2);
    expect((await patch(owner, upload.location, 0, data.subarray(0, half))).status).toBe(204);
    expect(storedFiles(t)).toContain(upload.id);

    // No grace at all, and the deadline has passed.
    const settings = await asAdmin(organiser, 'GET', '/api/admin/settings');
    expect(settings.uploadGraceMinutes).toBe(120);
    await asAdmin(organiser, 'PUT', '/api/admin/settings', { ...settings, organiserEmail: 'org@example.test', uploadGraceMinutes: 0 });
    await asAdmin(organiser, 'PUT', '/api/admin/phases/submission', { start: at(-DAY), end: at(0) });

    const refused = await patch(owner, upload.location, half, data.subarray(half));
    expect(refused.status).toBe(410);
    expect(refused.headers.get('content-type')).toContain('application/json');
    const body = await refused.json();
    expect(body).toMatchObject({ code: 4014, msg: expect.stringContaining('grace period') });
    expect(await t.ctx.db.selectFrom('uploads').selectAll().where('id', '=', upload.id).execute()).toEqual([]);
    expect(storedFiles(t).filter((f) => f.startsWith(upload.id))).toEqual([]);
    // Asked again, the upload is simply gone.
    expect((await patch(owner, upload.location, half, data.subarray(half))).status).toBe(404);
  });
});
