import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { makeImage, newEntrant, openSubmissions, solvePow, startTestApp, type TestApp } from './factories';
import { freePort } from './helpers/free-port';
import { beginUpload, type Client, patch } from './submission-client';

/**
 * Fault drill: Redis goes away for a while. Uploads (their locks live in Redis) are refused at once with
 * 503, 9503 and Retry-After instead of 500 (2003); votes stop waiting on Redis (this process's counts stand
 * in); the outage is logged as one line when it starts and one when it ends; both recover by themselves.
 * The test runs its own redis-server on a free port and stops it mid-run; without the binary it is skipped.
 */
const REDIS_SERVER = '/usr/bin/redis-server';

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    const tryConnect = (left: number) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(child);
      });
      s.once('error', () => (left > 0 ? setTimeout(() => tryConnect(left - 1), 50) : reject(new Error('redis-server did not start'))));
    };
    tryConnect(100);
  });
}

async function stopRedis(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(!fs.existsSync(REDIS_SERVER))('Redis outage (sqlite, a redis-server of its own)', () => {
  let port: number;
  let redis: ChildProcess;
  let t: TestApp;
  let entrant: Client;
  const logged: string[] = [];
  let voter = 0;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await startTestApp('sqlite', { redisUrl: `redis://127.0.0.1:${port}` }, { logLevel: 'info' });
    entrant = await newEntrant(t, await openSubmissions(t));
    // The vote counters' outage lines are JSON lines on stdout (they have no app logger).
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      logged.push(String(line));
    });
  }, 120_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
    if (redis && redis.exitCode === null) await stopRedis(redis);
  });

  const vote = async (entryId: number) => {
    const ip = `198.51.100.${++voter}`;
    const challenge = (await t.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data as PowChallenge;
    const cookie = `mfc_voter=${encodeURIComponent(t.app.signCookie(`outage-voter-${voter}`))}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/gallery/entries/${entryId}/vote`,
      remoteAddress: ip,
      headers: { cookie },
      payload: { altcha: solvePow(challenge).altcha },
    });
    return res.json().code as number;
  };
  const lines = (msg: RegExp) =>
    [...t.lines.map((l) => String(l.msg)), ...logged.map((l) => (JSON.parse(l) as { msg: string }).msg)].filter((m) => msg.test(m));

  it('refuses uploads with 503 + Retry-After (9503) while Redis is down, votes count on, and both recover by themselves', async () => {
    const image = await makeImage(400, 400, 'jpeg');
    const { location } = await beginUpload(entrant, 'cover', image, 'cover.jpg');
    expect(await vote(3)).toBe(0);

    await stopRedis(redis);
    const refused = await patch(entrant, location, 0, image);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe(9503);
    // Later requests are refused at once, without asking Redis again (the breaker is open).
    for (let i = 0; i < 5; i++) expect((await patch(entrant, location, 0, image)).status).toBe(503);
    for (let i = 0; i < 5; i++) expect(await vote(3)).toBe(0);
    expect(lines(/redis unreachable/)).toHaveLength(2); // one per Redis user: the upload locks and the vote counters
    expect(lines(/redis reachable again/)).toHaveLength(0);

    redis = await startRedis(port);
    // After the cool-down a request probes Redis, finds it back and closes the breaker.
    await expect.poll(async () => (await patch(entrant, location, 0, image)).status, { timeout: 30_000, interval: 1000 }).toBe(200);
    const votedThenLines = async () => {
      expect(await vote(4)).toBe(0);
      return lines(/redis reachable again/).length;
    };
    await expect.poll(votedThenLines, { timeout: 30_000, interval: 1000 }).toBe(2);
    expect(lines(/redis unreachable/)).toHaveLength(2);
    // Every line of the log is JSON (no stack dumps).
    for (const l of logged) expect(() => JSON.parse(l)).not.toThrow();
  }, 120_000);
});
