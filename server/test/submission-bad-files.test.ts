import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, fixtureDir, makeEntryFilm, makeFilm, makeImage, makeZip, newEntrant, openSubmissions, startTestApp, type TestApp } from './factories';
import { type Client, createUpload, credential, uploadFile } from './submission-client';

type BadFile = { label: string; purpose: string; data: () => Buffer; code: number };

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

// Generated once for both databases (the 10:01 film takes ~10 s to encode).
const bad: BadFile[] = [];
let dir: string;
beforeAll(async () => {
  dir = fixtureDir();
  const png = await makeImage(400, 400, 'png');
  const jpeg = await makeImage(400, 400, 'jpeg');
  const good = fs.readFileSync(await makeEntryFilm(path.join(dir, 'good.mp4'), { width: 1920, height: 1080, seconds: 3 }));
  const long = fs.readFileSync(await makeEntryFilm(path.join(dir, 'long.mp4'), { width: 1920, height: 1080, seconds: 601 }));
  // A 20 s 1080p film with sound and its index first, cut to half its bytes: it still declares 20 s, and its
  // last seconds decode as nothing, cleanly (the drill's film, which used to be published playing 10 s).
  const faststart = fs.readFileSync(
    await makeFilm(path.join(dir, 'faststart.mp4'), { width: 1920, height: 1080, seconds: 20, rate: 5, sound: 'aac', faststart: true }),
  );
  const small = fs.readFileSync(await makeEntryFilm(path.join(dir, 'small.mp4'), { width: 1280, height: 720, seconds: 3 }));
  const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(4000, 7)]);
  const svg = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><script>alert(1)</script><rect width="160" height="160"/></svg>',
  );
  const bomb = makeZip([{ name: 'form.docx', data: Buffer.alloc(200 * 1024 * 1024), deflate: true }]);
  bad.push(
    { label: 'png renamed .mp4', purpose: 'video', data: () => png, code: 5004 },
    { label: 'exe renamed .jpg', purpose: 'cover', data: () => exe, code: 5001 },
    {
      label: 'polyglot jpeg+zip',
      purpose: 'cover',
      data: () => Buffer.concat([jpeg, makeZip([{ name: 'a.html', data: Buffer.from('<script>1</script>') }])]),
      code: 5008,
    },
    { label: '10:01 video', purpose: 'video', data: () => long, code: 5005 },
    { label: '1280x720 video', purpose: 'video', data: () => small, code: 5006 },
    { label: 'truncated video', purpose: 'video', data: () => good.subarray(0, Math.floor(good.length * 0.6)), code: 5007 },
    { label: 'half a film, index first', purpose: 'video', data: () => faststart.subarray(0, Math.floor(faststart.length / 2)), code: 5030 },
    { label: 'svg as logo', purpose: 'teamLogo', data: () => svg, code: 5009 },
    { label: 'zip bomb package', purpose: 'empower', data: () => bomb, code: 5011 },
    { label: 'exe as package', purpose: 'empower', data: () => exe, code: 5010 },
  );
}, 180_000); // four films made by ffmpeg, on a shared machine
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(DIALECTS)('uploads: bad files are refused by their bytes (%s)', (dialect) => {
  let t: TestApp;
  let c: Client;

  beforeAll(async () => {
    t = await startTestApp(dialect, { demoContent: false });
    c = await newEntrant(t, await openSubmissions(t));
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses each bad file with its own code, naming the measured value, and stores nothing', async () => {
    const seen: Record<string, { code: number; msg: string }> = {};
    for (const f of bad) {
      const res = await uploadFile(c, f.purpose, f.data());
      seen[f.label] = { code: res.body.code, msg: res.body.msg };
      expect(res.status, f.label).toBeGreaterThanOrEqual(400);
    }
    expect(Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, v.code]))).toEqual(Object.fromEntries(bad.map((f) => [f.label, f.code])));
    expect(seen['10:01 video']?.msg).toBe('The video is 10:01 long; the limit is 10 minutes');
    expect(seen['1280x720 video']?.msg).toBe('The video resolution is 1280×720; it must be 1920×1080 (landscape) or 1080×1920 (portrait)');
    expect(seen['half a film, index first']?.msg).toMatch(/^The video holds 0:(0\d|1[0-5]) of pictures but says it lasts 0:20;/);

    // 5 MB + 1 byte: no credential, and a 5 MB credential cannot create a larger upload.
    const size = 5 * 1024 * 1024;
    const over = await credential(c, 'cover', size + 1);
    expect(over.body).toMatchObject({ code: 5002, msg: 'File size exceeds 5 M' });
    const cred = (await credential(c, 'cover', size)).body.data.credential;
    const sneaky = await createUpload(c, cred, size + 1);
    expect(JSON.parse(await sneaky.text()).code).toBe(5012);

    const tried = bad.length + 1;
    const stored = filesUnder(path.join(t.ctx.config.dataDir, 'uploads')).length + filesUnder(path.join(t.ctx.config.dataDir, 'media', 'entries')).length;
    const rows = await t.ctx.db.selectFrom('uploads').selectAll().execute();
    console.log(`${tried} bad files tried, ${stored + rows.length} stored`);
    expect(stored).toBe(0);
    expect(rows).toEqual([]);
  });
});
