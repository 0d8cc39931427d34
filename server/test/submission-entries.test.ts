import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_LIMIT_SETTING } from '../../common/settings-keys';
import { writeSetting } from '../src/db/repos/settings';
import { createTestUser, DIALECTS, ENTRY_FORM, makeImage, openSubmissions, type TestApp, uploadEntryFiles, useMailedApp } from './factories';
import { api, uploadFile } from './submission-client';

const FORM = { ...ENTRY_FORM, group: 'student' as const };

function storedCount(t: TestApp): number {
  const count = (d: string) => (fs.existsSync(d) ? fs.readdirSync(d, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);
  return count(path.join(t.ctx.config.dataDir, 'uploads')) + count(path.join(t.ctx.config.dataDir, 'media', 'entries'));
}

describe.each(DIALECTS)('entries: submit, list, edit, withdraw (%s)', (dialect) => {
  const { t, sink } = useMailedApp(dialect, { demoContent: false });
  let base: string;

  beforeAll(async () => {
    base = await openSubmissions(t);
  });

  it('a complete submission: one entry pending review with a number, files tied to it, a confirmation mail in the locale', async () => {
    const user = await createTestUser(t.ctx, { verified: true, locale: 'en-US' });
    const c = { base, token: user.token };
    const uploads = await uploadEntryFiles(c);
    const res = await api(c, 'POST', '/api/entries', { ...FORM, uploads });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id, submissionNo } = res.body.data;
    expect(submissionNo).toMatch(/^S\d{4}-\d{6}$/);
    const row = await t.ctx.db.selectFrom('entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: user.id,
      status: 'pending',
      entry_no: null,
      group: 'student',
      title: FORM.title,
      team_desc: FORM.teamDesc,
      locale: 'en-US',
    });
    expect(row.team_logo_url).toMatch(/^\/media\/entries\/.+\/teamLogo\.png$/);
    expect(row.cover_url).toMatch(/cover\.jpg$/);
    expect(row.video_cover_url).toMatch(/videoCover\.jpg$/);
    expect(row.empower_key).toBe(uploads.empower);
    const attached = await t.ctx.db.selectFrom('uploads').select(['id', 'entry_id']).where('entry_id', '=', id).execute();
    expect(attached).toHaveLength(5);
    const mail = sink.to(user.email)[0];
    expect(mail?.subject).toBe(`We received your entry "${FORM.title}" (${submissionNo})`);
    expect(mail?.text).toContain('pending review');

    const mine = await api(c, 'GET', '/api/entries/mine');
    expect(mine.body.data).toEqual([expect.objectContaining({ id, submissionNo, status: 'pending', editable: true, title: FORM.title })]);
    // The film is queued for the media pipeline (its worker is off in tests).
    expect(mine.body.data[0].media).toEqual({ status: 'queued', progress: 0 });
    const detail = await api(c, 'GET', `/api/entries/mine/${id}`);
    expect(detail.body.data.files.video).toMatchObject({ id: uploads.video, meta: { width: 1920, height: 1080 } });

    // The same upload cannot serve two entries.
    const again = await api(c, 'POST', '/api/entries', { ...FORM, uploads });
    expect(again.body.code).toBe(5015);
  });

  it('refuses when signed out (1009), unverified (4002) or outside the window (4001), leaving no row and no file', async () => {
    const before = await t.ctx.db.selectFrom('entries').select('id').execute();
    const storedBefore = storedCount(t);
    const anon = await api({ base, token: '' }, 'POST', '/api/entries', FORM);
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(1009);

    const unverified = { base, token: (await createTestUser(t.ctx, { verified: false })).token };
    expect((await api(unverified, 'POST', '/api/uploads/credential', { purpose: 'cover', name: 'a.jpg', size: 10 })).body.code).toBe(4002);

    const verified = { base, token: (await createTestUser(t.ctx, { verified: true })).token };
    const uploads = await uploadEntryFiles(verified);
    await openSubmissions(t, { closed: true });
    try {
      const closed = await api(verified, 'POST', '/api/entries', { ...FORM, uploads });
      expect(closed.status).toBe(403);
      expect(closed.body.code).toBe(4001);
      expect((await api(verified, 'POST', '/api/uploads/credential', { purpose: 'cover', name: 'a.jpg', size: 10 })).body.code).toBe(4001);
      const info = await api(verified, 'GET', '/api/submission/info');
      expect(info.body.data).toMatchObject({ open: false, entryLimit: 3, empowerMaxBytes: 50 * 1024 * 1024 });
    } finally {
      await openSubmissions(t);
    }
    // Bad form data (too long title, rules not confirmed) is refused with field codes; nothing is written.
    const invalid = await api(verified, 'POST', '/api/entries', { ...FORM, title: 'x'.repeat(51), confirmRules: false, uploads });
    expect(invalid.status).toBe(400);
    expect(invalid.body.data.fields).toMatchObject({ title: { code: 4008 }, confirmRules: { code: 4006 } });
    // Another person's uploads cannot be used.
    const thief = { base, token: (await createTestUser(t.ctx, { verified: true })).token };
    expect((await api(thief, 'POST', '/api/entries', { ...FORM, uploads })).body.code).toBe(5014);
    // A cover in the video slot is refused.
    expect((await api(verified, 'POST', '/api/entries', { ...FORM, uploads: { ...uploads, video: uploads.cover } })).body.code).toBe(5012);

    expect(await t.ctx.db.selectFrom('entries').select('id').execute()).toEqual(before);
    expect(await t.ctx.db.selectFrom('uploads').select('id').where('entry_id', 'is not', null).where('id', 'in', Object.values(uploads)).execute()).toEqual([]);
    // Unused uploads are swept, bytes and rows alike.
    const { sweepUploads } = await import('../src/services/submission/sweep');
    await sweepUploads(t.ctx, Date.now() + 8 * 86_400_000);
    expect(await t.ctx.db.selectFrom('uploads').select('id').where('entry_id', 'is', null).execute()).toEqual([]);
    expect(storedCount(t)).toBe(storedBefore);
  });

  it('enforces the entry limit setting (4003), edits and withdraws while pending', async () => {
    await writeSetting(t.ctx.db, ENTRY_LIMIT_SETTING, 1);
    const c = { base, token: (await createTestUser(t.ctx, { verified: true })).token };
    const first = await api(c, 'POST', '/api/entries', { ...FORM, uploads: await uploadEntryFiles(c) });
    expect(first.status).toBe(201);
    const second = await api(c, 'POST', '/api/entries', { ...FORM, uploads: await uploadEntryFiles(c) });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 4003, msg: 'Your account has reached the limit of 1 entries' });

    const id = first.body.data.id as number;
    const oldCover = (await api(c, 'GET', `/api/entries/mine/${id}`)).body.data.coverUrl as string;
    const newCover = await uploadFile(c, 'cover', await makeImage(400, 400, 'png'));
    const edited = await api(c, 'PUT', `/api/entries/mine/${id}`, { ...FORM, title: 'Hang Up First', uploads: { cover: newCover.id } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ title: 'Hang Up First', coverUrl: newCover.body.data.url });
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, oldCover))).toBe(false);

    // Someone else's entry is not found.
    const other = { base, token: (await createTestUser(t.ctx, { verified: true })).token };
    expect((await api(other, 'POST', `/api/entries/mine/${id}/withdraw`)).body.code).toBe(4005);

    const withdrawn = await api(c, 'POST', `/api/entries/mine/${id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect((await api(c, 'GET', '/api/entries/mine')).body.data).toEqual([]);
    expect(await t.ctx.db.selectFrom('uploads').select('id').where('entry_id', '=', id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('media_jobs').select('id').where('entry_id', '=', id).execute()).toEqual([]);
    // Approved entries can no longer change.
    await writeSetting(t.ctx.db, ENTRY_LIMIT_SETTING, 3);
    const third = await api(c, 'POST', '/api/entries', { ...FORM, uploads: await uploadEntryFiles(c) });
    await t.ctx.db.updateTable('entries').set({ status: 'approved', entry_no: 7 }).where('id', '=', third.body.data.id).execute();
    expect((await api(c, 'PUT', `/api/entries/mine/${third.body.data.id}`, { ...FORM, uploads: {} })).body.code).toBe(4004);
    expect((await api(c, 'GET', '/api/entries/mine')).body.data[0]).toMatchObject({ status: 'approved', entryNo: 7, editable: false });
  });
});
