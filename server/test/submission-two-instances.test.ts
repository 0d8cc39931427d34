import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUpload } from '../src/db/repos/submission/uploads';
import { createTestDatabase, DIALECTS, newEntrant, openSubmissions, startAppOn, type TestApp, type TestDatabase, testFilm } from './factories';
import { type S3Server, startS3Server } from './helpers/s3-server';
import { beginUpload, type Client, listen, patch, sha256 } from './submission-client';

/**
 * Uploads across instances without sticky sessions: two app instances on one database, one data
 * folder and one Redis. The PATCHes of one upload alternate between them and the stored original has the
 * film's SHA-256; and a PATCH left hanging on one instance (a client that moved on) is let go as soon as the
 * other instance touches the upload, because the upload locks live in Redis. Once with originals on the
 * shared disk, once in an S3 bucket (s3rver on loopback).
 */
const REDIS_URL = process.env.TEST_REDIS_URL;

async function storedSha(t: TestApp, id: string): Promise<string> {
  const row = await findUpload(t.ctx.db, id);
  expect(row?.status).toBe('ready');
  const hash = createHash('sha256');
  for await (const chunk of await t.ctx.storage.openOriginal(row?.storage_key as string)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const offsetOn = async (c: Client, location: string) =>
  Number(
    (await fetch(`${c.base}${location}`, { method: 'HEAD', headers: { authorization: `Bearer ${c.token}`, 'tus-resumable': '1.0.0' } })).headers.get(
      'upload-offset',
    ),
  );

const CASES = DIALECTS.flatMap((dialect) => (['local', 's3'] as const).map((storage) => ({ dialect, storage })));

describe.skipIf(!REDIS_URL).each(CASES)('one upload across two instances sharing Redis ($dialect, $storage)', ({ dialect, storage }) => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let onA: Client;
  let onB: Client;
  let film: Buffer;
  let redis: Redis;
  let s3: S3Server | undefined;
  const prefix = `mfc-test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    redis = new Redis(REDIS_URL as string);
    s3 = storage === 's3' ? await startS3Server() : undefined;
    const shared = { redisUrl: REDIS_URL, redisPrefix: prefix, s3: s3?.settings };
    a = await startAppOn(db, shared);
    b = await startAppOn(db, { ...shared, demoContent: false });
    const entrant = await newEntrant(a, await openSubmissions(a));
    onA = entrant;
    onB = { base: await listen(b), token: entrant.token };
    film = await testFilm();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.drop();
    await s3?.close();
    redis?.disconnect();
  });

  it('PATCHes alternating between the instances complete the upload with the right SHA-256', async () => {
    const { location, id } = await beginUpload(onA, 'video', film);
    const size = Math.ceil(film.length / 4);
    let offset = 0;
    for (let i = 0; offset < film.length; i++) {
      const c = i % 2 === 0 ? onB : onA; // B, A, B, A
      const res = await patch(c, location, offset, film.subarray(offset, offset + size));
      offset = Math.min(film.length, offset + size);
      expect(res.status, await res.clone().text()).toBe(offset === film.length ? 200 : 204);
      if (offset < film.length) expect(Number(res.headers.get('upload-offset'))).toBe(offset);
      else expect((await res.json()).code).toBe(0);
    }
    expect(await storedSha(b, id)).toBe(sha256(film));
  }, 60_000);

  it('a PATCH hanging on one instance is released when the other instance takes the upload, which then completes', async () => {
    const { location, id } = await beginUpload(onA, 'video', film);
    // A client sends half of its chunk to A and stalls (its connection stays open).
    let req: http.ClientRequest | undefined;
    const hanging = new Promise<string>((resolve) => {
      req = http.request(`${onA.base}${location}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${onA.token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(film.length),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(`answered ${res.statusCode}`);
      });
      req.on('error', (err) => resolve(`closed (${(err as NodeJS.ErrnoException).code})`));
      req.write(film.subarray(0, Math.floor(film.length / 2)));
    });
    try {
      // Once A holds the upload's lock, B asks where the upload stands: A must let the stalled request go.
      await expect.poll(() => redis.exists(`${prefix}:tus-lock:${id}`), { timeout: 20_000 }).toBe(1);
      const offset = await offsetOn(onB, location);
      expect(await hanging).toMatch(/answered|closed/);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThanOrEqual(Math.floor(film.length / 2));
      const now = await offsetOn(onB, location);
      const res = await patch(onB, location, now, film.subarray(now));
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await storedSha(a, id)).toBe(sha256(film));
    } finally {
      req?.destroy(); // a failing run must not hold the app's close
    }
  }, 60_000);
});
