import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepUploads } from '../src/services/submission/sweep';
import { createTestUser, DIALECTS, openSubmissions, type TestApp, useTestApp } from './factories';
import { type Client, createUpload, credential } from './submission-client';

/** Upload ids with bytes in the tus store (the file store keeps `<id>` and `<id>.json`). */
function storedIds(t: TestApp): string[] {
  const dir = path.join(t.ctx.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? [...new Set(fs.readdirSync(dir).map((f) => f.replace(/\.json$/, '')))].sort() : [];
}

async function uploadIdsOf(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.ctx.db.selectFrom('uploads').select('id').where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

describe.each(DIALECTS)('uploads: a credential is spent by the first upload it creates (%s)', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false });
  let alice: Client;
  let aliceId: number;

  beforeAll(async () => {
    const user = await createTestUser(t.ctx, { verified: true });
    alice = { base: await openSubmissions(t), token: user.token };
    aliceId = user.id;
  });

  it('refuses a second creation with the same credential (5020) and keeps only the first upload', async () => {
    const cred = (await credential(alice, 'empower', 1000)).body.data.credential as string;
    const first = await createUpload(alice, cred, 1000);
    expect(first.status).toBe(201);
    const firstId = (first.headers.get('location') as string).split('/').pop() as string;

    const second = await createUpload(alice, cred, 1000);
    expect(second.status).toBe(403);
    expect(JSON.parse(await second.text())).toMatchObject({ code: 5020, msg: 'This upload key was already used; please choose the file again' });
    expect(await uploadIdsOf(t, aliceId)).toEqual([firstId]);
    expect(storedIds(t)).toEqual([firstId]);
  });

  it('lets exactly one of five parallel creations with one credential through; the others leave no row and no file', async () => {
    const before = await uploadIdsOf(t, aliceId);
    const cred = (await credential(alice, 'empower', 2000)).body.data.credential as string;
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const res = await createUpload(alice, cred, 2000);
        return { status: res.status, location: res.headers.get('location'), body: await res.text() };
      }),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(created).toHaveLength(1);
    expect(refused.map((a) => [a.status, JSON.parse(a.body).code])).toEqual(Array.from({ length: 4 }, () => [403, 5020]));
    const newId = String(created[0]?.location).split('/').pop() as string;
    expect(await uploadIdsOf(t, aliceId)).toEqual([...before, newId].sort());
    expect(storedIds(t)).toEqual([...before, newId].sort());
  });

  it('remembers a spent credential while it could still be presented, and forgets it once expired', async () => {
    const spent = async () => (await t.ctx.db.selectFrom('spent_credentials').select('nonce').execute()).length;
    expect(await spent()).toBe(2);
    await sweepUploads(t.ctx);
    expect(await spent()).toBe(2);
    await sweepUploads(t.ctx, Date.now() + 16 * 60_000);
    expect(await spent()).toBe(0);
  });
});
