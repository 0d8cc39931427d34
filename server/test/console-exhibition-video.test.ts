import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUploads } from '../src/services/submission/sweep';
import { createTestUser, DIALECTS, makeFilm, startTestApp, type TestApp } from './factories';
import { testSettings } from './media-helpers';
import { api, type Client, createUpload, credential, listen, patch } from './submission-client';

/**
 * The organiser's exhibition video: the real tus protocol with purpose exhibitionVideo, then ffmpeg makes
 * it web-playable in the background and publishes it under media/exhibitions/. Test films are generated here.
 */

async function makeFilms(dir: string) {
  // MPEG-4 Part 2 + PCM in MOV at 1080p: must be re-encoded and brought down to 720p.
  const mov = await makeFilm(path.join(dir, 'ceremony.mov'), { width: 1920, height: 1080, seconds: 2, codec: 'mpeg4', quality: 20, sound: 'pcm' });
  // A small AVI keeps its size (never enlarged).
  const avi = await makeFilm(path.join(dir, 'clip.avi'), { width: 320, height: 240, seconds: 2, codec: 'mpeg4', quality: 20 });
  // Already H.264/AAC MP4, but with the moov atom at the end (ffmpeg's default): remuxed only.
  const mp4 = await makeFilm(path.join(dir, 'ready.mp4'), { width: 480, height: 270, seconds: 2, sound: 'aac' });
  return { mov, avi, mp4 };
}

type ProbeOut = { format: { format_name: string }; streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] };
const probe = (file: string) =>
  JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]).toString()) as ProbeOut;

/** Top-level MP4 boxes in order: faststart means moov comes before mdat. */
function topBoxes(buf: Buffer): string[] {
  const out: string[] = [];
  let pos = 0;
  while (pos + 8 <= buf.length) {
    let size = buf.readUInt32BE(pos);
    out.push(buf.toString('latin1', pos + 4, pos + 8));
    if (size === 1) size = Number(buf.readBigUInt64BE(pos + 8));
    if (size < 8) break;
    pos += size;
  }
  return out;
}

describe.each(DIALECTS)('exhibition video upload (%s)', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let user: Client;
  let films: Awaited<ReturnType<typeof makeFilms>>;
  let tmp: string;

  beforeAll(async () => {
    // The server's own media worker converts the videos (tests otherwise run jobs themselves).
    t = await startTestApp(dialect, { demoContent: false, media: { ...testSettings(), worker: true } });
    const base = await listen(t);
    admin = { base, token: (await createTestUser(t.ctx, { role: 'admin', verified: true })).token };
    user = { base, token: (await createTestUser(t.ctx, { role: 'user', verified: true })).token };
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-exvideo-'));
    films = await makeFilms(tmp);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const uploadsDir = () => path.join(t.ctx.config.dataDir, 'uploads');
  const stored = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);
  const published = () => {
    const dir = path.join(t.ctx.config.dataDir, 'media', 'exhibitions');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  /** Credential, creation, two PATCHes with a HEAD between (the resume step); returns the final answer. */
  async function upload(c: Client, file: string) {
    const data = fs.readFileSync(file);
    const cred = await credential(c, 'exhibitionVideo', data.length, path.basename(file));
    expect(cred.body.code).toBe(0);
    const created = await createUpload(c, cred.body.data.credential, data.length, 'exhibitionVideo');
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    const half = Math.floor(data.length / 2);
    expect((await patch(c, location, 0, data.subarray(0, half))).status).toBe(204);
    const head = await fetch(`${c.base}${location}`, { method: 'HEAD', headers: { authorization: `Bearer ${c.token}`, 'tus-resumable': '1.0.0' } });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const last = await patch(c, location, half, data.subarray(half));
    return { status: last.status, body: JSON.parse((await last.text()) || '{}'), id: location.split('/').pop() as string };
  }

  /** Polls the state the editor polls until the background work is over (the test's own timeout bounds it). */
  async function settled(id: string) {
    for (;;) {
      const res = await api(admin, 'GET', `/api/admin/exhibition-video/${id}`);
      expect(res.status).toBe(200);
      if (res.body.data.status !== 'processing') return res.body.data;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function download(url: string): Promise<{ file: string; buf: Buffer; type: string | null }> {
    const res = await fetch(`${admin.base}${url}`);
    expect(res.status).toBe(200);
    const buf = Buffer.from(await res.arrayBuffer());
    const file = path.join(tmp, `got-${Date.now()}-${path.basename(url)}`);
    fs.writeFileSync(file, buf);
    return { file, buf, type: res.headers.get('content-type') };
  }

  it('re-encodes a 1080p MOV to a 720p faststart H.264/AAC MP4 with a poster, and the exhibition plays it', async () => {
    const before = published().length;
    const res = await upload(admin, films.mov);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ purpose: 'exhibitionVideo', meta: { status: 'processing' } });
    const state = await settled(res.id);
    expect(state).toMatchObject({ status: 'published', percent: 100, code: null });
    expect(state.url).toMatch(/^\/media\/exhibitions\/[a-f0-9]{24}\/video\.mp4$/);
    expect(state.posterUrl).toMatch(/^\/media\/exhibitions\/[a-f0-9]{24}\/poster\.jpg$/);
    expect(published().length).toBe(before + 1);

    const video = await download(state.url);
    expect(video.type).toMatch(/^video\/mp4/);
    const info = probe(video.file);
    expect(info.format.format_name).toContain('mp4');
    const v = info.streams.find((s) => s.codec_type === 'video');
    expect(v).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(info.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    const boxes = topBoxes(video.buf);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const poster = await download(state.posterUrl);
    expect(poster.type).toBe('image/jpeg');
    expect(probe(poster.file).streams[0]).toMatchObject({ codec_name: 'mjpeg', width: 1280, height: 720 });
    // The private original is gone once published.
    expect(stored().filter((f) => f.startsWith(res.id))).toEqual([]);

    const created = await api(admin, 'POST', '/api/admin/content/exhibitions', {
      coverUrl: state.posterUrl,
      mediaUrl: state.url,
      publishedAt: new Date().toISOString(),
      sort: 0,
      i18n: { 'zh-CN': { title: '颁奖典礼', summary: '', body: '' }, 'zh-TW': {}, 'en-US': {} },
    });
    expect(created.status).toBe(200);
    const shown = await api({ ...admin, token: '' }, 'GET', `/api/exhibitions/${created.body.data.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ mediaUrl: state.url, coverUrl: state.posterUrl });
  });

  it('keeps a small AVI at its own size', async () => {
    const res = await upload(admin, films.avi);
    expect(res.status).toBe(200);
    const state = await settled(res.id);
    expect(state.status).toBe('published');
    const info = probe((await download(state.url)).file);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 320, height: 240 });
  });

  it('only remuxes an H.264/AAC MP4, moving its moov atom to the front', async () => {
    const source = fs.readFileSync(films.mp4);
    const sourceBoxes = topBoxes(source);
    expect(sourceBoxes.indexOf('moov')).toBeGreaterThan(sourceBoxes.indexOf('mdat'));
    const res = await upload(admin, films.mp4);
    const state = await settled(res.id);
    expect(state.status).toBe('published');
    const got = await download(state.url);
    const boxes = topBoxes(got.buf);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(probe(got.file).streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 480, height: 270 });
    const row = await t.ctx.db.selectFrom('uploads').select(['meta', 'status']).where('id', '=', res.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.meta)).toMatchObject({ remuxed: true });
  });

  it('refuses a file that is not a video with 6030 and keeps nothing', async () => {
    const before = published().length;
    const fake = path.join(tmp, 'notes.mp4');
    fs.writeFileSync(fake, Buffer.from('this is a text file pretending to be a film\n'.repeat(200)));
    const res = await upload(admin, fake);
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(6030);
    expect(res.body.msg).toBe('This file is not a video we can read; please choose a video file');
    expect(stored().filter((f) => f.startsWith(res.id))).toEqual([]);
    expect(await t.ctx.db.selectFrom('uploads').select('id').where('id', '=', res.id).executeTakeFirst()).toBeUndefined();
    expect(published().length).toBe(before);
    const state = await api(admin, 'GET', `/api/admin/exhibition-video/${res.id}`);
    expect(state.status).toBe(404);
    expect(state.body.code).toBe(6033);
  });

  it('gives the credential only to admins', async () => {
    const refused = await credential(user, 'exhibitionVideo', 1000, 'x.mov');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(1010);
    const anonymous = await credential({ ...user, token: '' }, 'exhibitionVideo', 1000, 'x.mov');
    expect(anonymous.status).toBe(401);
    const tooBig = await credential(admin, 'exhibitionVideo', 2 * 1024 ** 3 + 1, 'x.mov');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe(5002);
    // An admin's credential is of no use to anyone else.
    const cred = await credential(admin, 'exhibitionVideo', 1000, 'x.mov');
    const stolen = await createUpload(user, cred.body.data.credential, 1000, 'exhibitionVideo');
    expect(stolen.status).toBe(403);
    expect(JSON.parse(await stolen.text()).code).toBe(5014);
    const status = await api(user, 'GET', `/api/admin/exhibition-video/${'a'.repeat(32)}`);
    expect(status.status).toBe(403);
  });

  it('sweeps a conversion whose process died, and never a published video', async () => {
    // Rows as a crashed process leaves them (no product path makes a dead conversion): the subject is the sweep.
    const long = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const row = (id: string, status: string, url: string | null) => ({
      id,
      user_id: 1,
      purpose: 'exhibitionVideo',
      file_name: 'x.mov',
      size: 10,
      status,
      storage_key: null,
      public_url: url,
      meta: '{}',
      entry_id: null,
      created_at: long,
      updated_at: long,
    });
    const dead = 'd'.repeat(32);
    const kept = 'e'.repeat(32);
    fs.mkdirSync(uploadsDir(), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(), dead), 'left by a dead process');
    await t.ctx.db
      .insertInto('uploads')
      .values([row(dead, 'processing', null), row(kept, 'published', '/media/exhibitions/x/video.mp4')])
      .execute();
    await sweepUploads(t.ctx);
    const left = await t.ctx.db.selectFrom('uploads').select('id').where('id', 'in', [dead, kept]).execute();
    expect(left.map((r) => r.id)).toEqual([kept]);
    expect(stored()).not.toContain(dead);
  });

  it('says so with 6032 when ffmpeg is missing', async () => {
    const saved = t.ctx.config.media;
    t.ctx.config.media = { ...saved, ffmpeg: '/nonexistent/ffmpeg' };
    try {
      const res = await credential(admin, 'exhibitionVideo', 1000, 'x.mov');
      expect(res.status).toBe(503);
      expect(res.body.code).toBe(6032);
      expect(res.body.msg).toContain('ffmpeg');
    } finally {
      t.ctx.config.media = saved;
    }
  });
});
