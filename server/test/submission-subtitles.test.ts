import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, ENTRY_FORM, newEntrant, openSubmissions, startTestApp, type TestApp, uploadEntryFiles } from './factories';
import { api, credential, uploadFile } from './submission-client';

// A BOM, CRLF line ends, a comma decimal mark, allowed and disallowed markup: what real SRT files look like.
const SRT = Buffer.from(
  '\uFEFF1\r\n00:00:00,500 --> 00:00:02,000\r\n<i>Rain</i> on the <font color="red">roof</font>\r\n\r\n' +
    '2\r\n00:00:02,500 --> 00:00:04,250\r\n<script>alert(1)</script>Tom & Jerry <b onclick="x()">run</b>\r\n',
);
const EXPECTED_VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\n<i>Rain</i> on the roof\n\n00:00:02.500 --> 00:00:04.250\nalert(1)Tom &amp; Jerry <b>run</b>\n';

describe.each(DIALECTS)('entries: optional subtitles shown as WebVTT captions (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: { token: string };

  const storedOriginal = (id: string) => fs.existsSync(path.join(t.ctx.config.dataDir, 'uploads', id));
  const uploadRow = (id: string) => t.ctx.db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst();
  const asAdmin = (url: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin.token}` }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(dialect, { demoContent: false });
    base = await openSubmissions(t);
    admin = await createTestUser(t.ctx, { role: 'admin' });
    // Approved entries (and their captions) are public from the start of voting: the organiser opens it.
    const voting = { start: new Date(Date.now() - 3_600_000).toISOString(), end: new Date(Date.now() + 86_400_000).toISOString() };
    const opened = await t.app.inject({ method: 'PUT', url: '/api/admin/phases/voting', headers: { authorization: `Bearer ${admin.token}` }, payload: voting });
    expect(opened.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('converts an SRT to clean WebVTT, served on the entry answer only while the entry is approved', async () => {
    const c = await newEntrant(t, base);
    const up = await uploadFile(c, 'subtitles', SRT, 'film.srt');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({ purpose: 'subtitles', url: null, meta: { cues: 2 } });
    const res = await api(c, 'POST', '/api/entries', { ...ENTRY_FORM, uploads: { ...(await uploadEntryFiles(c)), subtitles: up.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const entryId = res.body.data.id as number;
    const captionsAt = `/api/gallery/entries/${entryId}/captions.vtt`;
    // Pending: neither the entry nor its captions are public.
    expect((await t.app.inject({ method: 'GET', url: captionsAt })).statusCode).toBe(404);

    expect((await asAdmin(`/api/admin/entries/${entryId}/approve`)).statusCode).toBe(200);
    const entry = (await t.app.inject({ method: 'GET', url: `/api/gallery/entries/${entryId}` })).json().data;
    expect(entry.captionsUrl).toBe(captionsAt);
    const vtt = await t.app.inject({ method: 'GET', url: entry.captionsUrl });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe(EXPECTED_VTT);
    // Kept in memory like the other public reads: tagged, and a client holding the tag gets a 304.
    expect(vtt.headers.etag).toBeDefined();
    expect(vtt.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    const again = await t.app.inject({ method: 'GET', url: captionsAt, headers: { 'if-none-match': vtt.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    // Rejected after approval: the captions go with the entry.
    expect((await asAdmin(`/api/admin/entries/${entryId}/reject`, { reason: 'Rights unclear.' })).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: captionsAt });
    expect([gone.statusCode, gone.json().code]).toEqual([404, 2100]);
  });

  it('accepts WebVTT as uploaded, dropping its notes and styles; an entry without subtitles has no captions', async () => {
    const c = await newEntrant(t, base);
    const source = 'WEBVTT - made by hand\n\nNOTE a comment\n\nSTYLE\n::cue { color: red }\n\nintro\n01:02.000 --> 01:03.500 align:start\n<v Ann>Hello</v>\n';
    const up = await uploadFile(c, 'subtitles', Buffer.from(source), 'film.vtt');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const withSubs = await api(c, 'POST', '/api/entries', { ...ENTRY_FORM, uploads: { ...(await uploadEntryFiles(c)), subtitles: up.id } });
    const without = await api(c, 'POST', '/api/entries', { ...ENTRY_FORM, uploads: await uploadEntryFiles(c) });
    for (const r of [withSubs, without]) expect((await asAdmin(`/api/admin/entries/${r.body.data.id}/approve`)).statusCode).toBe(200);
    const vtt = await t.app.inject({ method: 'GET', url: `/api/gallery/entries/${withSubs.body.data.id}/captions.vtt` });
    expect(vtt.body).toBe('WEBVTT\n\n00:01:02.000 --> 00:01:03.500\nHello\n');
    expect((await t.app.inject({ method: 'GET', url: `/api/gallery/entries/${without.body.data.id}` })).json().data.captionsUrl).toBeNull();
  });

  it('on edit subtitles are added, replaced and removed, the old bytes deleted; a withdrawn entry never serves them', async () => {
    const c = await newEntrant(t, base);
    const res = await api(c, 'POST', '/api/entries', { ...ENTRY_FORM, uploads: await uploadEntryFiles(c) });
    const entryId = res.body.data.id as number;
    const first = (await uploadFile(c, 'subtitles', SRT, 'a.srt')).id as string;
    const added = await api(c, 'PUT', `/api/entries/mine/${entryId}`, { ...ENTRY_FORM, uploads: { subtitles: first } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.files.subtitles.id).toBe(first);
    const second = (await uploadFile(c, 'subtitles', Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n'), 'b.vtt')).id as string;
    const replaced = await api(c, 'PUT', `/api/entries/mine/${entryId}`, { ...ENTRY_FORM, uploads: { subtitles: second } });
    expect(replaced.body.data.files.subtitles.id).toBe(second);
    expect([storedOriginal(first), storedOriginal(second)]).toEqual([false, true]);
    const removed = await api(c, 'PUT', `/api/entries/mine/${entryId}`, { ...ENTRY_FORM, uploads: { subtitles: null } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.files.subtitles).toBeUndefined();
    expect(storedOriginal(second)).toBe(false);

    const third = (await uploadFile(c, 'subtitles', SRT, 'c.srt')).id as string;
    expect((await api(c, 'PUT', `/api/entries/mine/${entryId}`, { ...ENTRY_FORM, uploads: { subtitles: third } })).status).toBe(200);
    expect((await api(c, 'POST', `/api/entries/mine/${entryId}/withdraw`)).status).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `/api/gallery/entries/${entryId}/captions.vtt` });
    expect([gone.statusCode, gone.json().code]).toEqual([404, 2100]);
  });

  it.each([
    ['binary', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]), 4011, 'The subtitle file must be UTF-8 text'],
    ['not UTF-8', Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n\xe4\xf6\n', 'latin1'), 4011, 'The subtitle file must be UTF-8 text'],
    ['not subtitles', Buffer.from('Dear jury,\n\nplease enjoy our film.\n'), 4013, 'The subtitle file must be SRT or WebVTT (error at line 1)'],
    [
      'a bad timing',
      Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nfine\n\n2\n00:00:05,000 --> 00:00:03,000\nbackwards\n'),
      4013,
      'The subtitle file must be SRT or WebVTT (error at line 6)',
    ],
  ])('refuses %s with its code and keeps neither the row nor the bytes', async (_name, data, code, msg) => {
    const c = await newEntrant(t, base);
    const up = await uploadFile(c, 'subtitles', data, 'film.srt');
    expect(up.status).toBe(422);
    expect(up.body).toMatchObject({ code, msg });
    const id = up.id as string;
    expect(await uploadRow(id)).toBeUndefined();
    expect(storedOriginal(id)).toBe(false);
  });

  it('refuses a subtitle file over 512 KB at the credential (4012), before a byte is sent', async () => {
    const c = await newEntrant(t, base);
    expect((await credential(c, 'subtitles', 512 * 1024)).status).toBe(200);
    const res = await credential(c, 'subtitles', 512 * 1024 + 1);
    expect([res.status, res.body.code, res.body.msg]).toEqual([413, 4012, 'The subtitle file may be at most 512 KB']);
  });
});
