import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUpload } from '../src/db/repos/submission/uploads';
import { createTestUser, DIALECTS, newEntrant, openSubmissions, startTestApp, submitEntry, type TestApp, testFilm } from './factories';
import { type S3Server, startS3Server } from './helpers/s3-server';
import { runUntilSettled, testSettings } from './media-helpers';
import { api, beginUpload, type Client, patch, sha256 } from './submission-client';

/**
 * S3 for real: with S3_* settings the app keeps uploaded originals in a bucket of an S3-compatible
 * server on loopback (s3rver). A tus upload is stored there and resumes after an interruption; the film of an
 * entry submitted through the API is fetched from the bucket by the media worker; the organiser downloads the
 * files from it; a cancelled upload leaves nothing in the bucket.
 */
async function bucketSha(t: TestApp, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await t.ctx.storage.openOriginal(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe.each(DIALECTS)('S3 storage on %s', (dialect) => {
  let s3: S3Server;
  let t: TestApp;
  let base: string;
  let entrant: Client;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(dialect, { s3: s3.settings });
    base = await openSubmissions(t);
    entrant = await newEntrant(t, base);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('a tus upload goes to the bucket and resumes where the server says after an interruption', async () => {
    expect(t.ctx.storage.kind).toBe('s3');
    const film = await testFilm();
    const { location, id } = await beginUpload(entrant, 'video', film);
    const half = Math.floor(film.length / 2);
    expect((await patch(entrant, location, 0, film.subarray(0, half))).status).toBe(204);
    // The client lost its connection: it asks where to go on, as tus-js-client does.
    const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: { authorization: `Bearer ${entrant.token}`, 'tus-resumable': '1.0.0' } });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(half);
    const done = await patch(entrant, location, offset, film.subarray(offset));
    expect(done.status, await done.clone().text()).toBe(200);
    const row = await findUpload(t.ctx.db, id);
    expect(row?.status).toBe('ready');
    expect(await bucketSha(t, row?.storage_key as string)).toBe(sha256(film));
  }, 60_000);

  it("an entry's film is fetched from the bucket by the media worker, and the organiser downloads the files from it", async () => {
    const entry = await submitEntry(await newEntrant(t, base));
    const job = await runUntilSettled(t.ctx, entry.id, testSettings());
    expect(job.status, job.last_error ?? '').toBe('done');
    const admin = { base, token: (await createTestUser(t.ctx, { role: 'admin' })).token };
    const detail = await api(admin, 'GET', `/api/admin/entries/${entry.id}`);
    expect(detail.status).toBe(200);
    const res = await fetch(`${base}/api/admin/entries/${entry.id}/files/video`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(entry.files.video?.data as Buffer));
  }, 120_000);

  it('a cancelled upload leaves nothing in the bucket', async () => {
    const film = await testFilm();
    const { location, id } = await beginUpload(entrant, 'video', film);
    expect((await patch(entrant, location, 0, film.subarray(0, 1000))).status).toBe(204);
    const del = await fetch(`${base}${location}`, { method: 'DELETE', headers: { authorization: `Bearer ${entrant.token}`, 'tus-resumable': '1.0.0' } });
    expect(del.status).toBe(204);
    await expect(t.ctx.storage.openOriginal(id).then(async (s) => s.toArray())).rejects.toBeTruthy();
    // Neither the upload's objects nor its multipart parts are left in the server's folder.
    const left = fs.readdirSync(s3.directory, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes(id));
    expect(left, JSON.stringify(left)).toEqual([]);
    // The row goes after the answer (the tus server's POST_TERMINATE event).
    await expect.poll(() => findUpload(t.ctx.db, id)).toBeUndefined();
  }, 60_000);
});
