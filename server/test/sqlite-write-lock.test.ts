import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, newEntrant, openSubmissions, startTestApp, submitEntry, type TestApp } from './factories';

/** Another connection (in a thread of its own, as another process's would be) holding the file's write lock for `ms`. */
function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const SQLite = require('better-sqlite3');
    const db = new SQLite(workerData.file);
    db.pragma('busy_timeout = 5000');
    db.exec('begin immediate');
    db.prepare('update entries set updated_at = updated_at where id = (select min(id) from entries)').run();
    parentPort.postMessage('locked');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
    db.exec('commit');
    db.close();
    parentPort.postMessage('released');`;
  const worker = new Worker(code, { eval: true, workerData: { file, ms } });
  const released = new Promise<void>((resolve, reject) => {
    worker.on('message', (m) => m === 'released' && resolve());
    worker.on('error', reject);
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (m) => (m === 'locked' ? resolve({ released }) : reject(new Error(String(m)))));
    worker.once('error', reject);
  });
}

/**
 * SQLite with a second writer on the file (`npm run admin`, a media worker process, anything holding its own
 * connection): the app's transactions begin IMMEDIATE, so one that reads before it writes waits for the other
 * connection's write lock (busy_timeout) and then runs on the latest data, instead of failing with
 * SQLITE_BUSY (a 503 to the organiser) the moment the other connection commits.
 */
describe('SQLite write lock held by another connection', () => {
  let t: TestApp;
  let file: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    file = t.ctx.config.databaseUrl.slice('sqlite:'.length);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a console write that reads before it writes waits for another connection’s write lock, then succeeds', async () => {
    const admin = await createTestUser(t.ctx, { role: 'admin' });
    const entrant = await newEntrant(t, await openSubmissions(t));
    const pending = (await submitEntry(entrant)).id;
    const { released } = await holdWriteLock(file, 400);
    // Approving reads the entry, then writes: begun deferred, its snapshot would be stale by the time the
    // lock came free, and SQLite would fail it (SQLITE_BUSY) instead of waiting.
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/entries/${pending}/approve`, headers: { authorization: `Bearer ${admin.token}` } });
    await released;
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.ctx.db.selectFrom('entries').select('status').where('id', '=', pending).executeTakeFirstOrThrow()).status).toBe('approved');
  }, 120_000);
});
