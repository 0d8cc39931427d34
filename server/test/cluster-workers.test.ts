import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { childPids, useServerProcesses, waitForOutput } from './helpers/server-process';

/**
 * WORKERS > 1 (server/src/cluster/): `npm start` runs a primary and that many HTTP workers sharing the port.
 * Drills on the real launcher and processes: two distinct workers answer, a killed worker is replaced and
 * requests keep succeeding, SIGTERM stops them all with exit 0; and SQLite refuses more than one worker.
 * Which worker answered is read from the `worker` label of /metrics (behind METRICS_TOKEN); the background
 * work (lifecycle.ts) runs once, in the primary.
 */
const TOKEN = 'cluster-drill-token';
const canCluster = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

/** One GET on a connection of its own (the cluster hands connections, not requests, round-robin). */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

/** The workers that answered `count` scrapes, by their metrics label; every scrape must succeed. */
async function workersAnswering(port: number, count = 12): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const { status, body } = await get(port, '/metrics');
    expect(status).toBe(200);
    const label = /^process_start_time_seconds\{worker="(\d+)"\}/m.exec(body)?.[1];
    expect(label, body.slice(0, 300)).toBeDefined();
    seen.add(label as string);
  }
  return seen;
}

type Probe = { startedAt: number; endedAt: number; status?: number; error?: string };

/** One GET on a connection of its own that never throws: its answer or the error's code, and when. */
function probe(port: number, path: string): Promise<Probe> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ startedAt, endedAt: Date.now(), status: res.statusCode }));
    });
    req.setTimeout(60_000, () => req.destroy(Object.assign(new Error('no answer'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ startedAt, endedAt: Date.now(), error: err.code ?? err.message }));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('several HTTP workers (WORKERS)', () => {
  const startProcess = useServerProcesses();

  it('refuses more than one worker on SQLite, naming what is missing', async () => {
    const failed = startProcess({ script: 'scripts/start.mjs', env: { START_SKIP_BUILD: '1', WORKERS: '2', MEDIA_WORKER: 'off' } });
    await expect(failed).rejects.toThrow(/exited \(1\)[\s\S]*WORKERS=2 needs PostgreSQL[\s\S]*Redis \(REDIS_URL\)/);
  }, 90_000);

  describe.runIf(canCluster)('on PostgreSQL and Redis', () => {
    let tdb: TestDatabase;
    beforeAll(async () => {
      tdb = await createTestDatabase('postgres');
    });
    afterAll(async () => {
      await tdb?.drop();
    });

    /** `npm start` with two workers on the test PostgreSQL and Redis, under a Redis prefix of its own. */
    const startCluster = (env: Record<string, string>) =>
      startProcess({
        script: 'scripts/start.mjs',
        env: {
          START_SKIP_BUILD: '1',
          WORKERS: '2',
          DATABASE_URL: tdb.url,
          REDIS_URL: process.env.TEST_REDIS_URL as string,
          REDIS_PREFIX: `mfc-test-cluster-${randomBytes(4).toString('hex')}`,
          LOG_LEVEL: 'warn',
          ...env,
        },
      });

    it('two workers answer; a killed one is replaced; SIGTERM stops them all with exit 0', async () => {
      const { child: launcher, port, output } = await startCluster({ METRICS_TOKEN: TOKEN });
      const [primary] = childPids(launcher.pid as number);
      const workers = childPids(primary as number);
      expect(workers, output()).toHaveLength(2);
      const before = await workersAnswering(port);
      expect([...before].sort(), output()).toHaveLength(2);
      // The background work runs once, in the primary: one media worker (or one word that ffmpeg is missing), not one per worker.
      const mediaStarts = () => output().match(/media worker \S+ started|ffmpeg not found/g) ?? [];
      expect(mediaStarts(), output()).toHaveLength(1);

      // A worker dies: the primary starts another, and requests keep being answered by two workers.
      const restarted = waitForOutput(launcher, /HTTP worker listening/, 45_000);
      process.kill(workers[0] as number, 'SIGKILL');
      await restarted;
      const now = childPids(primary as number);
      expect(now, output()).toHaveLength(2);
      expect(now).toContain(workers[1]);
      expect(now).not.toContain(workers[0]);
      const after = await workersAnswering(port);
      expect(after.size, output()).toBe(2);
      expect(
        [...after].filter((w) => !before.has(w)),
        'the replacement answers',
      ).toHaveLength(1);
      expect((await get(port, '/api/news?page=1')).status).toBe(200);
      expect(mediaStarts(), 'the replacement starts no background work').toHaveLength(1);

      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        launcher.once('exit', (code, signal) => resolve({ code, signal })),
      );
      launcher.kill('SIGTERM');
      expect(await exited, output()).toEqual({ code: 0, signal: null });
      for (const pid of [primary as number, ...now]) expect(alive(pid), `pid ${pid} still running`).toBe(false);
    }, 120_000);

    it('keeps the port open when every worker dies at once: connections made meanwhile wait and are answered, none refused', async () => {
      const { child: launcher, port, output } = await startCluster({ MEDIA_WORKER: 'off' });
      const [primary] = childPids(launcher.pid as number);
      const workers = childPids(primary as number);
      expect(workers, output()).toHaveLength(2);
      const replacements = () => (output().match(/HTTP worker listening/g) ?? []).length;
      const before = replacements();

      const killedAt = Date.now();
      for (const pid of workers) process.kill(pid, 'SIGKILL');
      // A new connection every 50 ms until both replacements are up (at most 600 of them).
      const probes: Promise<Probe>[] = [];
      // Replacements start one at a time: never more workers starting than one, besides those already back.
      let mostStarting = 0;
      for (let i = 0; i < 600 && replacements() < before + 2; i++) {
        probes.push(probe(port, '/api/news?page=1'));
        const starting = childPids(primary as number).filter((pid) => !workers.includes(pid)).length - (replacements() - before);
        mostStarting = Math.max(mostStarting, starting);
        await new Promise((r) => setTimeout(r, 50));
      }
      const results = await Promise.all(probes);
      const refused = results.filter((r) => r.status === undefined);
      const answered = results.filter((r) => r.status !== undefined);
      const refusedFor = refused.length ? ((refused.at(-1) as Probe).startedAt - (refused[0] as Probe).startedAt) / 1000 : 0;
      const firstAnswer = answered.length ? (Math.min(...answered.map((r) => r.endedAt)) - killedAt) / 1000 : Number.NaN;
      const longestWait = answered.length ? Math.max(...answered.map((r) => r.endedAt - r.startedAt)) / 1000 : Number.NaN;
      console.log(
        `[port drill] ${results.length} connections while both workers were replaced: ${refused.length} refused (${[...new Set(refused.map((r) => r.error))].join(', ') || 'none'}) over ${refusedFor.toFixed(1)} s; ` +
          `first answer ${firstAnswer.toFixed(1)} s after the kill; longest wait ${longestWait.toFixed(1)} s; at most ${mostStarting} replacement(s) starting at once`,
      );

      expect(mostStarting, 'replacements starting at once').toBeLessThanOrEqual(1);
      expect(refused.map((r) => r.error)).toEqual([]);
      expect(new Set(answered.map((r) => r.status))).toEqual(new Set([200]));
      expect(childPids(primary as number), output()).toHaveLength(2);
    }, 120_000);
  });
});
