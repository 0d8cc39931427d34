import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sign } from '@fastify/cookie';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { POW_BASE_RANGE } from '../../common/challenge';
import type { AppContext } from '../src/context';
import { openDatabase } from '../src/db/database';
import { issueChallenge } from '../src/services/gallery/challenge';
import { setLoadTestVoting, solvePow, testContext } from './factories';
import { childPids, useServerProcesses, waitForOutput } from './helpers/server-process';

/**
 * Crash drill for group commit on SQLite (synchronous=FULL): the real server as `npm start` runs it (the
 * launcher, scripts/start.mjs, running the compiled build/server/main.js), a vote load over real HTTP from many distinct voters (each a
 * signed voter cookie of its own and a solved challenge), SIGKILL of the server process in the middle of it,
 * a restart on the same data. Every vote that was answered
 * 200 must be there; the books must agree (sum of vote counts moved = vote rows = counted audit rows); the
 * file must pass PRAGMA integrity_check. The challenges are issued with the server's secret (the drill
 * holds it, as the bench does) and solved at the lowest difficulty, so the load is votes, not hashing.
 */
const SECRET = randomBytes(24).toString('hex');
const WORKERS = 24;
const KILL_AFTER = 400;

describe('vote crash drill (sqlite)', () => {
  const startProcess = useServerProcesses();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-vote-crash-'));
  const env = {
    DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: `sqlite:${path.join(dir, 'data', 'contest.sqlite')}`,
    COOKIE_SECRET: SECRET,
    DEMO_CONTENT: 'true',
    MEDIA_WORKER: 'off',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    // Back-pressure (503 past an event-loop delay) is another drill's subject; this machine is shared.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    // The launcher builds the server when stale; the web app is not this drill's (a bare page shell is served).
    START_SKIP_BUILD: '1',
  };
  const launch = { script: 'scripts/start.mjs', env };
  /** The server process under the launcher (what SIGKILL hits: a crash of the server, not of its supervisor). */
  const serverPid = (launcher: number) => {
    const [pid] = childPids(launcher);
    if (pid === undefined) throw new Error('the launcher has no server process');
    return pid;
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The database as the server leaves it (migrated, demo entries), with a load test's voting settings. */
  async function prepare(): Promise<{ entries: number[]; countBefore: number }> {
    const ctx = await testContext({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }, { cookieSecret: SECRET, demoContent: true });
    try {
      await setLoadTestVoting(ctx.db);
      const entries = (await ctx.db.selectFrom('entries').select('id').where('status', '=', 'approved').execute()).map((r) => r.id);
      return { entries, countBefore: await countSum(ctx) };
    } finally {
      await ctx.db.destroy();
      ctx.mailer.close();
    }
  }

  const countSum = async (ctx: AppContext) =>
    Number(
      (
        await ctx.db
          .selectFrom('entries')
          .select((eb) => eb.fn.sum<number>('vote_count').as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('SIGKILL during a vote load: every acknowledged vote survives the restart, counter = rows = audit, integrity ok', async () => {
    const { entries, countBefore } = await prepare();
    expect(entries.length).toBeGreaterThan(0);
    const server = await startProcess(launch);
    const pid = serverPid(server.child.pid as number);
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('build/server/main.js');
    const base = `http://127.0.0.1:${server.port}`;
    const challengeCtx = { config: { cookieSecret: SECRET } } as AppContext;
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    let failures = 0;
    // The launcher exits as the shell would for its killed child: 128 + 9.
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));

    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const voter = `crash-${w}-${i}-${randomBytes(6).toString('hex')}`;
        const entryId = entries[(w + i) % entries.length] as number;
        const altcha = solvePow(await issueChallenge(challengeCtx, 'vote', POW_BASE_RANGE.min)).altcha;
        sent++;
        try {
          const res = await fetch(`${base}/api/gallery/entries/${entryId}/vote`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: `mfc_voter=${encodeURIComponent(sign(voter, SECRET))}` },
            body: JSON.stringify({ altcha }),
          });
          const body = (await res.json()) as { code: number };
          if (res.status === 200 && body.code === 0) acknowledged.push(voter);
          else if (!killed) throw new Error(`vote answered ${res.status} ${JSON.stringify(body)} before the kill`);
        } catch (err) {
          if (!killed) throw err;
          failures++;
          return; // the server is gone: this worker's load ends
        }
        if (!killed && acknowledged.length >= KILL_AFTER) {
          killed = true;
          process.kill(pid, 'SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    expect(await exited).toBe(137);
    // The kill came while votes were in flight (requests that never got an answer), not after the load.
    expect(failures).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // The same data, a new process: it starts (recovering the WAL) and votes again.
    const again = await startProcess(launch);
    const after = await fetch(`http://127.0.0.1:${again.port}/api/gallery/entries/${entries[0]}/vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `mfc_voter=${encodeURIComponent(sign(`after-crash-${randomBytes(6).toString('hex')}`, SECRET))}` },
      body: JSON.stringify({ altcha: solvePow(await issueChallenge(challengeCtx, 'vote', POW_BASE_RANGE.min)).altcha }),
    });
    expect(((await after.json()) as { code: number }).code).toBe(0);
    again.child.kill('SIGTERM');
    await waitForOutput(again.child, /stopped/, 20_000).catch(() => undefined);

    // The file itself (no app context: nothing else of the data folder is opened).
    const { db } = openDatabase(env.DATABASE_URL);
    const ctx = { db } as AppContext;
    try {
      const kept = new Set((await ctx.db.selectFrom('votes').select('voter_key').where('voter_key', 'like', 'crash-%').execute()).map((r) => r.voter_key));
      expect(acknowledged.filter((v) => !kept.has(v))).toEqual([]);
      const rows = Number(
        (
          await ctx.db
            .selectFrom('votes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const counted = Number(
        (
          await ctx.db
            .selectFrom('vote_audit')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('outcome', '=', 'counted')
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect({ moved: (await countSum(ctx)) - countBefore, counted }).toEqual({ moved: rows, counted: rows });
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(ctx.db);
      expect(integrity.rows.map((r) => r.integrity_check)).toEqual(['ok']);
      console.log(`[vote crash] sent ${sent}, acknowledged ${acknowledged.length}, in flight at the kill ${failures}, rows after restart ${rows}`);
    } finally {
      await db.destroy();
    }
  }, 180_000);
});
