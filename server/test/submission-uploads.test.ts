import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, makeImage, openSubmissions, type TestApp, useTestApp } from './factories';
import { type Client, createUpload, credential, patch, sha256, uploadFile } from './submission-client';

function storedFiles(t: TestApp): string[] {
  const dir = path.join(t.ctx.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe.each(DIALECTS)('uploads: credential and resumable protocol (%s)', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false });
  let alice: Client;
  let bob: Client;

  beforeAll(async () => {
    const base = await openSubmissions(t);
    alice = { base, token: (await createTestUser(t.ctx, { verified: true })).token };
    bob = { base, token: (await createTestUser(t.ctx, { verified: true })).token };
  });

  it('issues a credential scoped to purpose, owner and size', async () => {
    const res = await credential(alice, 'cover', 1000);
    expect(res.status).toBe(200);
    expect(res.body.data.credential).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(res.body.data.maxBytes).toBe(5 * 1024 * 1024);
  });

  it('refuses a credential when signed out, with 1009', async () => {
    const res = await credential({ ...alice, token: '' }, 'cover', 1000);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(1009);
  });

  it('refuses an oversize credential with "File size exceeds 5 M"', async () => {
    const res = await credential(alice, 'teamLogo', 5 * 1024 * 1024 + 1);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 5002, msg: 'File size exceeds 5 M' });
  });

  it("refuses another user's credential (5014), a wrong purpose or size (5012), a forged and an expired one", async () => {
    const cred = (await credential(alice, 'cover', 100)).body.data.credential as string;
    const foreign = await createUpload(bob, cred, 100);
    expect(foreign.status).toBe(403);
    expect(JSON.parse(await foreign.text()).code).toBe(5014);
    const purpose = await createUpload(alice, cred, 100, 'video');
    expect(JSON.parse(await purpose.text()).code).toBe(5012);
    const size = await createUpload(alice, cred, 101);
    expect(JSON.parse(await size.text()).code).toBe(5012);
    const [payload, sig] = cred.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, size: 10 ** 9 })).toString('base64url');
    const forged = await createUpload(alice, `${forgedPayload}.${sig}`, 10 ** 9);
    expect(JSON.parse(await forged.text()).code).toBe(5012);
    // An expired credential, signed with the app's real secret.
    const { issueCredential } = await import('../src/services/submission/credential');
    const user = await t.ctx.db.selectFrom('users').select(['id', 'email', 'locale']).orderBy('id').executeTakeFirstOrThrow();
    const old = await issueCredential(
      t.ctx,
      { ...user, role: 'user', verified: true, sessionId: 0 },
      { purpose: 'cover', name: 'x', size: 100, type: '' },
      Date.now() - 16 * 60_000,
    );
    const expired = await createUpload(alice, old.credential, 100);
    expect(expired.status).toBe(403);
    expect(JSON.parse(await expired.text()).code).toBe(5013);
    expect(await t.ctx.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
    expect(storedFiles(t)).toEqual([]);
  });

  it("refuses PATCH and HEAD on someone else's upload (5014) and changes nothing", async () => {
    const data = randomBytes(1000);
    const cred = (await credential(alice, 'empower', data.length)).body.data.credential;
    const location = (await createUpload(alice, cred, data.length)).headers.get('location') as string;
    const res = await patch(bob, location, 0, data);
    expect(res.status).toBe(403);
    expect(JSON.parse(await res.text()).code).toBe(5014);
    const head = await fetch(`${alice.base}${location}`, { method: 'HEAD', headers: { authorization: `Bearer ${alice.token}`, 'tus-resumable': '1.0.0' } });
    expect(head.headers.get('upload-offset')).toBe('0');
  });

  it('resumes an upload cut at half from a new client; the stored file has the source SHA-256; a wrong offset gets 409', async () => {
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * 1024 * 1024)]);
    const cred = (await credential(alice, 'empower', data.length)).body.data.credential;
    const location = (await createUpload(alice, cred, data.length)).headers.get('location') as string;
    const half = Math.floor(data.length / 2);
    expect((await patch(alice, location, 0, data.subarray(0, half))).status).toBe(204);

    const id = location.split('/').pop() as string;
    const file = path.join(t.ctx.config.dataDir, 'uploads', id);
    const before = sha256(fs.readFileSync(file));
    const wrong = await patch(alice, location, half + 10, data.subarray(half + 10));
    expect(wrong.status).toBe(409);
    expect(sha256(fs.readFileSync(file))).toBe(before);

    // A brand-new client (as after a reload) asks where to go on and sends the rest.
    const result = await new Promise<{ body: string }>((resolve, reject) => {
      const upload = new tus.Upload(data, {
        uploadUrl: `${alice.base}${location}`,
        headers: { Authorization: `Bearer ${alice.token}` },
        chunkSize: 1024 * 1024,
        retryDelays: [],
        onSuccess: (payload) => resolve({ body: payload.lastResponse.getBody() }),
        onError: reject,
      });
      upload.start();
    });
    expect(JSON.parse(result.body).data).toMatchObject({ id, purpose: 'empower' });
    expect(sha256(fs.readFileSync(file))).toBe(sha256(data));
    const row = await t.ctx.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'ready', storage_key: id, size: data.length });
  });

  it('normalises images to exactly 160x160, 400x400 and 960x540, dropping metadata and the original', async () => {
    const cases = [
      { purpose: 'teamLogo', image: await makeImage(320, 320, 'png'), size: [160, 160], format: 'png' },
      { purpose: 'cover', image: await makeImage(800, 801, 'jpeg'), size: [400, 400], format: 'jpeg' },
      { purpose: 'videoCover', image: await makeImage(1280, 720, 'jpeg'), size: [960, 540], format: 'jpeg' },
    ];
    for (const c of cases) {
      const res = await uploadFile(alice, c.purpose, c.image);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const url = res.body.data.url as string;
      expect(url).toMatch(new RegExp(`^/media/entries/[a-f0-9]{24}/${c.purpose}\\.(png|jpg)$`));
      const served = await fetch(`${alice.base}${url}`);
      expect(served.status).toBe(200);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual(c.size);
      expect(meta.format).toBe(c.format);
      expect(meta.exif).toBeUndefined();
      expect(storedFiles(t)).not.toContain(res.id);
    }
  });
});
