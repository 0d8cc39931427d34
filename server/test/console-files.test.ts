import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDownloadLink } from '../src/services/entries/download-links';
import {
  createTestUser,
  DIALECTS,
  filesUnder,
  makeImage,
  makeZip,
  newEntrant,
  openSubmissions,
  SMALL_PDF,
  type SubmittedEntry,
  startTestApp,
  submitEntry,
  type TestApp,
} from './factories';

// Generated once for both databases.
let bigJpegWithExif: Buffer;
let png: Buffer;
let webp: Buffer;
beforeAll(async () => {
  bigJpegWithExif = await sharp(await makeImage(3000, 1500, 'jpeg'))
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'gps-hidden' } })
    .toBuffer();
  png = await makeImage(300, 300, 'png');
  webp = await sharp(await makeImage(640, 360, 'png'))
    .webp()
    .toBuffer();
});

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
const GIF = Buffer.from(
  'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
  'latin1',
);
const RAR = Buffer.concat([Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]), Buffer.alloc(100, 1)]);
/** A Word 97-2003 file's head: the OLE signature, then (somewhere) the WordDocument stream's UTF-16 name. */
const DOC = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(500),
  Buffer.from('WordDocument', 'utf16le'),
  Buffer.alloc(500),
]);
const XLS = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(500),
  Buffer.from('Workbook', 'utf16le'),
  Buffer.alloc(500),
]);
const DOCX = makeZip([
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
]);

describe.each(DIALECTS)('console files on %s', (dialect) => {
  let t: TestApp;
  let admin: { token: string; id: number };
  let user: { token: string; id: number };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await createTestUser(t.ctx, { role: 'admin' });
    user = await createTestUser(t.ctx);
  });
  afterAll(async () => t?.close());

  const mediaDir = () => path.join(t.ctx.config.dataDir, 'media');
  const upload = (url: string, data: Buffer | string, token: string | null = admin.token, type = 'application/octet-stream') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': type, 'x-locale': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: data,
    });
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  describe('content images', () => {
    it('re-encodes a JPG with EXIF: shrunk to the purpose, metadata gone, published under a generated name', async () => {
      const res = await upload('/api/admin/uploads/image?purpose=newsCover', bigJpegWithExif);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.url).toMatch(/^\/media\/content\/[a-f0-9]{24}\.jpg$/);
      expect([data.width, data.height, data.format]).toEqual([1920, 960, 'jpg']);
      const served = await get(data.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([1920, 960, undefined]);
      expect(served.rawPayload.includes('secret-owner')).toBe(false);
      // The source really carried the EXIF the server dropped.
      expect(bigJpegWithExif.includes('secret-owner')).toBe(true);
    });

    it('keeps PNG as PNG and WebP as WebP, never enlarging a small image', async () => {
      const p = (await upload('/api/admin/uploads/image?purpose=juryPhoto', png)).json().data;
      expect([p.format, p.width, p.height]).toEqual(['png', 300, 300]);
      const w = (await upload('/api/admin/uploads/image?purpose=wechatQr', webp)).json().data;
      expect([w.format, w.width, w.height]).toEqual(['webp', 640, 360]);
      expect((await sharp(fs.readFileSync(path.join(mediaDir(), w.url.slice('/media/'.length)))).metadata()).format).toBe('webp');
    });

    it('refuses bad files with their codes and stores nothing', async () => {
      const jpeg = await makeImage(400, 300, 'jpeg');
      const cases: [string, Buffer | string, number, number, string?][] = [
        ['svg', SVG, 415, 5009],
        ['gif', GIF, 415, 6020],
        ['text named .jpg', 'hello, not an image at all', 415, 6020],
        ['jpeg with a zip appended', Buffer.concat([jpeg, makeZip([{ name: 'a.txt', data: Buffer.from('x') }])]), 422, 5008],
        ['jpeg cut short', jpeg.subarray(0, jpeg.length - 200), 422, 5008],
        ['over 5 MB', Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]), 413, 5002, 'File size exceeds 5 M'],
        ['far over the body limit', Buffer.alloc(7 * 1024 * 1024, 1), 413, 5002, 'File size exceeds 5 M'],
        ['empty', Buffer.alloc(0), 400, 6022],
      ];
      const before = filesUnder(mediaDir());
      for (const [label, data, status, code, msg] of cases) {
        const res = await upload('/api/admin/uploads/image?purpose=sponsorLogo', data);
        expect([label, res.statusCode, res.json().code], label).toEqual([label, status, code]);
        if (msg) expect(res.json().msg).toBe(msg);
      }
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/admin/uploads/image?purpose=newsCover',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { url: 'x' },
      });
      expect(json.json().code).toBe(6022);
      const badPurpose = await upload('/api/admin/uploads/image?purpose=avatar', png);
      expect(badPurpose.statusCode).toBe(400);
      expect(filesUnder(mediaDir())).toEqual(before);
    });

    it('refuses non-admins before reading the file', async () => {
      const before = filesUnder(mediaDir());
      const anon = await upload('/api/admin/uploads/image?purpose=newsCover', png, null);
      expect([anon.statusCode, anon.json().code]).toEqual([401, 1009]);
      const asUser = await upload('/api/admin/uploads/image?purpose=newsCover', png, user.token);
      expect([asUser.statusCode, asUser.json().code]).toEqual([403, 1010]);
      expect(filesUnder(mediaDir())).toEqual(before);
    });
  });

  describe('templates', () => {
    const templates = async () => (await get('/api/templates')).json().data as { id: number; slug: string; fileUrl: string; fileName: string }[];

    it('replaces a template: the public list links the new file, which downloads as an attachment', async () => {
      const [first] = await templates();
      if (!first) throw new Error('demo templates missing');
      const res = await upload(`/api/admin/templates/${first.id}/file?name=${encodeURIComponent('参赛报名表 2026.PDF')}`, SMALL_PDF);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ id: first.id, kind: 'pdf', fileName: '参赛报名表 2026.pdf', bytes: SMALL_PDF.length });
      expect(data.fileUrl).toMatch(/^\/media\/templates\/[a-f0-9]{24}\.pdf$/);
      const listed = (await templates()).find((x) => x.id === first.id);
      expect(listed).toMatchObject({ fileUrl: data.fileUrl, fileName: '参赛报名表 2026.pdf' });
      const file = await get(data.fileUrl);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(SMALL_PDF)).toBe(true);
      expect(file.headers['content-disposition']).toBe('attachment');
      // The seeded file it replaced stays (the seed owns it); a replaced upload is removed.
      expect(fs.existsSync(path.join(mediaDir(), first.fileUrl.slice('/media/'.length)))).toBe(true);
      const again = (await upload(`/api/admin/templates/${first.id}/file?name=form.docx`, DOCX)).json().data;
      expect([again.kind, again.fileName]).toEqual(['docx', 'form.docx']);
      expect(fs.existsSync(path.join(mediaDir(), data.fileUrl.slice('/media/'.length)))).toBe(false);
      const doc = (await upload(`/api/admin/templates/${first.id}/file`, DOC)).json().data;
      expect([doc.kind, doc.fileName]).toEqual(['doc', `${first.slug}.doc`]);
      const zip = (await upload(`/api/admin/templates/${first.id}/file?name=pack.zip`, makeZip([{ name: 'letter.pdf', data: SMALL_PDF }]))).json().data;
      expect([zip.kind, zip.fileName]).toEqual(['zip', 'pack.zip']);
    });

    it('refuses bad files with their codes; the template and the media folder are unchanged', async () => {
      const [first] = await templates();
      if (!first) throw new Error('demo templates missing');
      const before = filesUnder(mediaDir());
      const cases: [string, Buffer, number, number][] = [
        ['png', png, 415, 6021],
        ['rar', RAR, 415, 6021],
        ['excel workbook', XLS, 415, 6021],
        ['broken zip', Buffer.from('PK\x03\x04 this is not really an archive', 'latin1'), 415, 6021],
        ['zip bomb', makeZip([{ name: 'form.docx', data: Buffer.alloc(200 * 1024 * 1024), deflate: true }]), 422, 5011],
        ['nested archive', makeZip([{ name: 'inner.zip', data: Buffer.from('x') }]), 422, 5011],
        ['over 20 MB', Buffer.concat([SMALL_PDF, Buffer.alloc(20 * 1024 * 1024)]), 413, 5002],
      ];
      for (const [label, data, status, code] of cases) {
        const res = await upload(`/api/admin/templates/${first.id}/file?name=x.pdf`, data);
        expect([label, res.statusCode, res.json().code], label).toEqual([label, status, code]);
      }
      expect((await templates()).find((x) => x.id === first.id)).toEqual(first);
      expect(filesUnder(mediaDir())).toEqual(before);
      const missing = await upload('/api/admin/templates/999999/file', SMALL_PDF);
      expect([missing.statusCode, missing.json().code]).toEqual([404, 9404]);
      expect(filesUnder(mediaDir())).toEqual(before);
    });

    it('refuses non-admins', async () => {
      const [first] = await templates();
      if (!first) throw new Error('demo templates missing');
      const before = filesUnder(mediaDir());
      expect((await upload(`/api/admin/templates/${first.id}/file`, SMALL_PDF, null)).statusCode).toBe(401);
      expect((await upload(`/api/admin/templates/${first.id}/file`, SMALL_PDF, user.token)).json().code).toBe(1010);
      expect((await templates()).find((x) => x.id === first.id)).toEqual(first);
      expect(filesUnder(mediaDir())).toEqual(before);
    });
  });

  describe('authorisation package limit (settings)', () => {
    const credential = (size: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads/credential',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { purpose: 'empower', name: 'pack.zip', size, type: 'application/zip' },
      });

    it('saves the limit in bytes; the upload credential follows it; out-of-range values are refused with 6023', async () => {
      // The config's default organiser address (organiser@localhost) is no valid e-mail for the form.
      const current = { ...(await get('/api/admin/settings', admin.token)).json().data, organiserEmail: 'org@example.test' };
      expect(current.empowerMaxBytes).toBe(50 * 1024 * 1024);
      expect((await credential(60 * 1024 * 1024)).json().code).toBe(5002);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { ...current, empowerMaxBytes: 80 * 1024 * 1024 },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data.empowerMaxBytes).toBe(80 * 1024 * 1024);
      const row = await t.ctx.db.selectFrom('settings').select('value').where('key', '=', 'submission.empowerMaxBytes').executeTakeFirstOrThrow();
      expect(JSON.parse(row.value)).toBe(80 * 1024 * 1024);
      expect((await credential(60 * 1024 * 1024)).statusCode).toBe(200);
      for (const bad of [0, 512 * 1024, 1025 * 1024 * 1024, 1.5 * 1024 * 1024 + 0.5, '80']) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/admin/settings',
          headers: { authorization: `Bearer ${admin.token}` },
          payload: { ...current, empowerMaxBytes: bad },
        });
        expect([String(bad), res.statusCode, res.json().code]).toEqual([String(bad), 400, 6023]);
      }
      expect((await get('/api/admin/settings', admin.token)).json().data.empowerMaxBytes).toBe(80 * 1024 * 1024);
    });
  });

  describe('entry files', () => {
    let entry: SubmittedEntry;
    let FILM: Buffer;
    let PACKAGE: Buffer;

    /** An entry submitted through the API: public normalised images, the private film and package under DATA_DIR/uploads. */
    beforeAll(async () => {
      const owner = await newEntrant(t, await openSubmissions(t));
      entry = await submitEntry(owner, { names: { video: '我的短片.mov', empower: 'authorisation.zip' } });
      FILM = entry.files.video?.data as Buffer;
      PACKAGE = entry.files.empower?.data as Buffer;
    }, 60_000);

    it('lists and serves every file of the entry to an admin, the private originals included', async () => {
      const entryId = entry.id;
      const list = await get(`/api/admin/entries/${entryId}/files`, admin.token);
      expect(list.statusCode).toBe(200);
      const files = list.json().data as { name: string; fileName: string; size: number }[];
      expect(files.map((f) => f.name).sort()).toEqual(['cover', 'empower', 'teamLogo', 'video', 'videoCover']);
      expect(files.find((f) => f.name === 'video')?.size).toBe(FILM.length);

      // The film and the package come back byte for byte as the entrant uploaded them.
      const film = await get(`/api/admin/entries/${entryId}/files/video`, admin.token);
      expect(film.statusCode).toBe(200);
      expect(film.rawPayload.equals(FILM)).toBe(true);
      expect(film.headers['content-type']).toBe('application/octet-stream');
      expect(film.headers['cache-control']).toBe('no-store');
      expect(film.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(files.find((f) => f.name === 'video')?.fileName ?? '')}`);
      expect(files.find((f) => f.name === 'video')?.fileName).toBe(`${entry.submissionNo}-我的短片.mov`);

      const pack = await get(`/api/admin/entries/${entryId}/files/empower`, admin.token);
      expect(pack.rawPayload.equals(PACKAGE)).toBe(true);
      // An image is the copy the upload check normalised (a 500x500 cover brought to 400x400), as the public sees it.
      const cover = await get(`/api/admin/entries/${entryId}/files/cover`, admin.token);
      expect((await sharp(cover.rawPayload).metadata()).width).toBe(400);
      expect(cover.rawPayload.equals((await get(entry.files.cover?.url as string)).rawPayload)).toBe(true);

      // No trailer was uploaded with this entry.
      const none = await get(`/api/admin/entries/${entryId}/files/trailer`, admin.token);
      expect([none.statusCode, none.json().code]).toEqual([404, 6024]);
      const noEntry = await get('/api/admin/entries/999999/files/video', admin.token);
      expect([noEntry.statusCode, noEntry.json().code]).toEqual([404, 9404]);
    });

    it('answers 6024 when an original has gone from storage', async () => {
      const entryId = entry.id;
      const row = await t.ctx.db.selectFrom('entries').select('empower_key').where('id', '=', entryId).executeTakeFirstOrThrow();
      const file = path.join(t.ctx.config.dataDir, 'uploads', row.empower_key as string);
      const bytes = fs.readFileSync(file);
      fs.rmSync(file);
      try {
        const res = await get(`/api/admin/entries/${entryId}/files/empower`, admin.token);
        expect([res.statusCode, res.json().code]).toEqual([404, 6024]);
      } finally {
        fs.writeFileSync(file, bytes);
      }
    });

    it('a signed five-minute link lets the browser download the film itself; forged, altered, expired or orphaned links are refused', async () => {
      const entryId = entry.id;
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/admin/entries/${entryId}/files/video/link`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(asked.statusCode).toBe(200);
      const url = asked.json().data.url as string;
      expect(url).toMatch(/^\/api\/downloads\/[\w-]+\.[\w-]+$/);
      // No bearer token: the link itself is the credential.
      const film = await get(url);
      expect(film.statusCode).toBe(200);
      expect(film.rawPayload.equals(FILM)).toBe(true);
      expect(film.headers['content-disposition']).toMatch(/^attachment;/);
      expect(film.headers['cache-control']).toBe('no-store');

      const refused = async (link: string) => {
        const res = await get(link);
        expect([res.statusCode, res.json().code], link).toEqual([403, 6025]);
        expect(res.rawPayload.equals(FILM)).toBe(false);
      };
      const [payload, signature] = url.slice('/api/downloads/'.length).split('.') as [string, string];
      // Another file of the same entry under the same signature, a made-up signature, garbage.
      const swapped = Buffer.from(JSON.stringify([entryId, 'empower', admin.id, Date.now() + 60_000])).toString('base64url');
      await refused(`/api/downloads/${swapped}.${signature}`);
      await refused(`/api/downloads/${payload}.${Buffer.alloc(32).toString('base64url')}`);
      await refused('/api/downloads/not-a-token');
      // Expired: signed six minutes ago.
      await refused(signDownloadLink(t.ctx.config.cookieSecret, { entryId, file: 'video', adminId: admin.id }, Date.now() - 6 * 60_000));
      // An admin demoted (or disabled) after asking cannot use the link any more.
      const former = await createTestUser(t.ctx, { role: 'admin' });
      const link = signDownloadLink(t.ctx.config.cookieSecret, { entryId, file: 'video', adminId: former.id });
      expect((await get(link)).statusCode).toBe(200);
      await t.ctx.db.updateTable('users').set({ role: 'user' }).where('id', '=', former.id).execute();
      await refused(link);
      // Non-admins cannot ask for a link; a missing file is said when asking, not at download.
      const byUser = await t.app.inject({
        method: 'POST',
        url: `/api/admin/entries/${entryId}/files/video/link`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(byUser.statusCode).toBe(403);
      const none = await t.app.inject({
        method: 'POST',
        url: `/api/admin/entries/${entryId}/files/trailer/link`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect([none.statusCode, none.json().code]).toEqual([404, 6024]);
    });

    it('never serves the originals to anyone else, nor publicly', async () => {
      const entryId = entry.id;
      for (const file of ['video', 'empower', 'cover']) {
        const anon = await get(`/api/admin/entries/${entryId}/files/${file}`);
        expect([anon.statusCode, anon.json().code]).toEqual([401, 1009]);
        const other = await get(`/api/admin/entries/${entryId}/files/${file}`, user.token);
        expect([other.statusCode, other.json().code]).toEqual([403, 1010]);
      }
      expect((await get(`/api/admin/entries/${entryId}/files`, user.token)).statusCode).toBe(403);
      // The originals really are on disk under their upload ids, so the guesses below aim at real files.
      for (const key of [entry.files.video?.id, entry.files.empower?.id]) {
        expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'uploads', key as string))).toBe(true);
        for (const url of [`/media/../uploads/${key}`, `/media/%2e%2e/uploads/${key}`, `/uploads/${key}`]) {
          const res = await get(url);
          expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
          expect(res.rawPayload.equals(FILM) || res.rawPayload.equals(PACKAGE)).toBe(false);
        }
      }
    });
  });
});
