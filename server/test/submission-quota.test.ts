import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../src/services/auth/sessions';
import { issueCredential } from '../src/services/submission/credential';
import { createTestUser, DIALECTS, makeZip, openSubmissions, SMALL_PDF, type TestApp, useTestApp } from './factories';
import { type Client, createUpload, credential, patch } from './submission-client';

/**
 * An account's upload quotas (UPLOAD_MAX_AT_ONCE, UPLOAD_MAX_MB_IN_PROGRESS, UPLOAD_MAX_MB_TOTAL) and the free-disk
 * reserve (UPLOAD_DISK_RESERVE_MB). The drill: one account starts 200 uploads at once, each with a credential of
 * its own (all issued while the account had none in progress), and sends all but the last byte of each that was
 * created: only the quota's worth of uploads is created and only its bytes reach the disk.
 */
/** A package the checks accept (a PDF and some padding in a zip), so an upload can also be finished. */
const PACKAGE = makeZip([
  { name: 'letter.pdf', data: SMALL_PDF },
  { name: 'scan.bin', data: Buffer.alloc(60 * 1024, 7) },
]);
const SIZE = PACKAGE.length;
const QUOTA = { maxAtOnce: 3, maxBytesInProgress: 3 * SIZE, maxBytesTotal: 4 * SIZE, diskReserveBytes: 0 };

/** Bytes of upload data in the tus store (its `.json` bookkeeping left out). */
function bytesStored(t: TestApp): number {
  const dir = path.join(t.ctx.config.dataDir, 'uploads');
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((f) => !f.endsWith('.json'))
    .reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
}

async function credentialIn(c: Client, locale: string, size: number) {
  const res = await fetch(`${c.base}/api/uploads/credential`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json', 'x-locale': locale },
    body: JSON.stringify({ purpose: 'empower', name: 'file.bin', size, type: '' }),
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
}

describe.each(DIALECTS)('upload quotas per account (%s)', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false, uploads: QUOTA });
  let alice: Client;
  let aliceId: number;
  /** The drill's uploads in progress (their tus locations). */
  let begun: string[] = [];

  beforeAll(async () => {
    const user = await createTestUser(t.ctx, { verified: true });
    alice = { base: await openSubmissions(t), token: user.token };
    aliceId = user.id;
  });

  it('lets 3 of 200 parallel uploads from one account through; only their bytes are written', async () => {
    const me = await resolveSession(t.ctx.db, t.ctx.config, alice.token);
    // The credentials are issued first, while nothing is in progress: the creation is what must hold the line.
    const credentials = await Promise.all(
      Array.from({ length: 200 }, () => issueCredential(t.ctx, me, { purpose: 'empower', name: 'file.bin', size: SIZE, type: '' })),
    );
    const answers = await Promise.all(
      credentials.map(async ({ credential: cred }) => {
        const res = await createUpload(alice, cred, SIZE);
        return { status: res.status, location: res.headers.get('location'), body: await res.text() };
      }),
    );
    const created = answers.filter((a) => a.status === 201);
    await Promise.all(created.map((a) => patch(alice, a.location as string, 0, PACKAGE.subarray(0, SIZE - 1))));
    const written = bytesStored(t);
    console.log(`[quota drill ${dialect}] 200 parallel uploads of ${SIZE} B: ${created.length} created, ${written} B written`);

    expect(created).toHaveLength(3);
    expect(written).toBe(3 * (SIZE - 1));
    // The tus route's own request limit (120 a minute per account) turns some away first; every other one meets the quota.
    const codes = answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${JSON.parse(a.body).code}`);
    expect(codes).toHaveLength(197);
    expect(new Set(codes)).toEqual(new Set(['429 5040', '429 9429']));
    const rows = await t.ctx.db.selectFrom('uploads').select('id').where('user_id', '=', aliceId).execute();
    expect(rows).toHaveLength(3);
    begun = created.map((a) => a.location as string);
  }, 60_000);

  it('says so at the credential already, before a byte is sent, in each locale', async () => {
    expect(await credentialIn(alice, 'en-US', SIZE)).toEqual({
      status: 429,
      body: expect.objectContaining({ code: 5040, msg: 'You already have 3 uploads in progress; please wait for one to finish or cancel it' }),
    });
    expect((await credentialIn(alice, 'zh-CN', SIZE)).body.msg).toBe('同时进行的上传已达 3 个，请等其中一个完成或取消后再试');
    expect((await credentialIn(alice, 'zh-TW', SIZE)).body.msg).toBe('同時進行的上傳已達 3 個，請等其中一個完成或取消後再試');

    // At the quota, an upload already begun still goes on to its end: the quotas refuse new uploads only.
    const last = await patch(alice, begun[0] as string, SIZE - 1, PACKAGE.subarray(SIZE - 1));
    expect(last.status).toBe(200);
    expect(JSON.parse(await last.text())).toMatchObject({ code: 0 });
  });

  it('counts declared bytes in progress and everything the account holds', async () => {
    const bob = await createTestUser(t.ctx, { verified: true });
    const client: Client = { base: alice.base, token: bob.token };
    // One upload of twice the size leaves room for one more of SIZE in progress, not two.
    const big = await credential(client, 'empower', 2 * SIZE);
    expect(big.status).toBe(200);
    expect((await createUpload(client, big.body.data.credential, 2 * SIZE)).status).toBe(201);
    const small = await credential(client, 'empower', SIZE);
    expect((await createUpload(client, small.body.data.credential, SIZE)).status).toBe(201);
    expect(await credentialIn(client, 'en-US', SIZE)).toEqual({
      status: 429,
      body: expect.objectContaining({ code: 5041, msg: 'Uploads in progress may add up to 0.2 MB at most; please wait for the others to finish' }),
    });
    // Finished or not, what an account keeps counts against its total (4 x SIZE here).
    await t.ctx.db.updateTable('uploads').set({ status: 'ready' }).where('user_id', '=', bob.id).execute();
    expect(await credentialIn(client, 'en-US', 2 * SIZE)).toEqual({
      status: 403,
      body: expect.objectContaining({ code: 5042 }),
    });
    expect((await credential(client, 'empower', SIZE)).status).toBe(200);
  });

  it('leaves the organisers’ exhibition video to the disk reserve alone', async () => {
    const admin = await createTestUser(t.ctx, { role: 'admin' });
    const client: Client = { base: alice.base, token: admin.token };
    for (let i = 0; i < QUOTA.maxAtOnce + 2; i++) {
      const cred = await credential(client, 'exhibitionVideo', SIZE);
      expect(cred.status, JSON.stringify(cred.body)).toBe(200);
      expect((await createUpload(client, cred.body.data.credential, SIZE)).status).toBe(201);
    }
  });
});

describe.each(DIALECTS)('the free-disk reserve (%s)', (dialect) => {
  // A reserve larger than any disk: every new upload meets it.
  const t = useTestApp(dialect, { demoContent: false, uploads: { ...QUOTA, diskReserveBytes: 2 ** 52 } });
  let client: Client;

  beforeAll(async () => {
    const user = await createTestUser(t.ctx, { verified: true });
    client = { base: await openSubmissions(t), token: user.token };
  });

  it('refuses new uploads with 507 (9508) in each locale, while reads go on', async () => {
    expect(await credentialIn(client, 'en-US', SIZE)).toEqual({
      status: 507,
      body: expect.objectContaining({
        code: 9508,
        msg: 'The server is nearly out of storage space and takes no new uploads for now; please try again later',
      }),
    });
    expect((await credentialIn(client, 'zh-CN', SIZE)).body.msg).toBe('服务器存储空间即将用完，暂不接受新的上传，请稍后再试');
    expect((await credentialIn(client, 'zh-TW', SIZE)).body.msg).toBe('伺服器儲存空間即將用完，暫不接受新的上傳，請稍後再試');
    expect((await fetch(`${client.base}/api/news?page=1`)).status).toBe(200);
  });

  it('refuses at creation too, with a credential issued before the disk filled', async () => {
    const reserve = t.ctx.config.uploads.diskReserveBytes;
    t.ctx.config.uploads.diskReserveBytes = 0;
    const cred = await credential(client, 'empower', SIZE);
    t.ctx.config.uploads.diskReserveBytes = reserve;
    expect(cred.status).toBe(200);
    const res = await createUpload(client, cred.body.data.credential, SIZE);
    expect(res.status).toBe(507);
    expect(JSON.parse(await res.text())).toMatchObject({ code: 9508 });
    expect(await t.ctx.db.selectFrom('uploads').select('id').execute()).toEqual([]);
  });
});
