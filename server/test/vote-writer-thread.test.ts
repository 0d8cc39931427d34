import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchVote } from '../src/db/repos/gallery/vote-batch';
import { VoteWriterThread } from '../src/db/repos/gallery/vote-writer';
import { sqliteFileOf } from '../src/db/sqlite-file';
import { challengeFor } from '../src/services/gallery/votes';
import { createTestUser, newEntrant, openSubmissions, setLoadTestVoting, solvePow, startTestApp, submitEntry, type TestApp } from './factories';

/**
 * Issue I, SQLite: vote batches are written by a thread of their own with its own connection to the file
 * (db/repos/gallery/vote-writer.ts). Votes through the endpoint keep their answers and the books agree; the
 * main thread's transactions, now sharing the file with a second writer, wait for its lock instead of failing
 * (they BEGIN IMMEDIATE); a thread that stops with batches in flight leaves no caller unanswered and the next
 * batch gets a new thread.
 */
let n = 0;
const vote = (t: TestApp, entryId: number, altcha: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/gallery/entries/${entryId}/vote`,
    remoteAddress: '203.0.113.9',
    headers: { 'x-locale': 'en-US', cookie: `mfc_voter=${encodeURIComponent(t.app.signCookie(`thread-voter-${++n}-${Date.now()}`))}` },
    payload: { altcha },
  });

async function books(t: TestApp, entryId: number) {
  const db = t.ctx.db;
  const counter = (await db.selectFrom('entries').select('vote_count').where('id', '=', entryId).executeTakeFirstOrThrow()).vote_count;
  const rows = (await db.selectFrom('votes').select('id').where('entry_id', '=', entryId).execute()).length;
  const counted = (await db.selectFrom('vote_audit').select('id').where('entry_id', '=', entryId).where('outcome', '=', 'counted').execute()).length;
  return { counter, rows, counted };
}

/** Another connection (a thread of its own, as the vote writer is) holding the file's write lock for `ms`. */
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

describe('vote writer thread (sqlite)', () => {
  let t: TestApp;
  let file: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await setLoadTestVoting(t.ctx.db);
    file = sqliteFileOf(t.ctx.config.databaseUrl) as string;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('writes the votes cast through the endpoint: every answer its own count, counter = rows = audit', async () => {
    expect(t.ctx.votes.stats().writer).toBe('thread');
    const before = await books(t, 1);
    const altchas = await Promise.all(Array.from({ length: 300 }, async () => solvePow(await challengeFor(t.ctx, 'vote', '203.0.113.9')).altcha));
    const res = await Promise.all(altchas.map((a) => vote(t, 1, a)));
    expect(res.map((r) => r.json().code as number).filter((c) => c !== 0)).toEqual([]);
    expect(await books(t, 1)).toEqual({ counter: before.counter + 300, rows: before.rows + 300, counted: before.counted + 300 });
    const answered = res.map((r) => r.json().data.voteCount as number).sort((a, b) => a - b);
    expect(answered).toEqual(Array.from({ length: 300 }, (_, i) => before.counter + 1 + i));
  }, 120_000);

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

  it('stopped with a batch in flight: that batch is answered (written or an error), the next one gets a new thread, the books agree', async () => {
    const before = await books(t, 2);
    const writer = new VoteWriterThread(file);
    const batch = (tag: string, count: number): BatchVote[] =>
      Array.from({ length: count }, (_, i) => {
        const at = new Date().toISOString();
        const voterKey = `${tag}-${i}-${Math.random().toString(36).slice(2)}`;
        return {
          row: { entryId: 2, voterKey, ip: '198.51.100.4', subnet: '198.51.100.0/24', slot: `e:2:${voterKey}`, at },
          challenge: { signature: `${voterKey}-sig`, expiresAt: at },
        };
      });
    try {
      expect((await writer.write(batch('first', 5), [])).map((o) => o.kind)).toEqual(Array(5).fill('counted'));
      const inFlight = writer.write(batch('cut', 200), []).then(
        (outcomes) => ({ written: outcomes.length }),
        (err: Error) => ({ error: err.message }),
      );
      await writer.close();
      const settled = await inFlight;
      expect(settled).toSatisfy((s: { written?: number; error?: string }) => s.written === 200 || /thread exited/.test(s.error ?? ''));
      expect((await writer.write(batch('after', 5), [])).map((o) => o.kind)).toEqual(Array(5).fill('counted'));
    } finally {
      await writer.close();
    }
    const after = await books(t, 2);
    const rows = after.rows - before.rows;
    expect({ counter: after.counter - before.counter, counted: after.counted - before.counted }).toEqual({ counter: rows, counted: rows });
    expect([10, 210]).toContain(rows);
  }, 120_000);
});
