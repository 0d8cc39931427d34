/**
 * Vote and gallery figures (`npx tsx bench/votes.ts`; `npm run bench` runs it too). For SQLite (always) and
 * PostgreSQL (when TEST_DATABASE_URL is set): the real server's POST /api/gallery/entries/:id/vote driven by
 * autocannon with a distinct voter (signed cookie) per request, next to a raw node:http server doing the
 * same insert + count transaction on the same database; then GET /api/gallery req/s. Afterwards it checks
 * that no vote was lost or doubled (count sum = vote rows = audit "counted" rows). Figures are printed,
 * never asserted: the machine is shared.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sign } from '@fastify/cookie';
import autocannon from 'autocannon';
import { createContext } from '../server/src/bootstrap';
import { loadConfig } from '../server/src/config';
import { writeSetting } from '../server/src/db/repos/settings';
import { createTestDatabase } from '../server/test/helpers/databases';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS || 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const SECRET = randomBytes(24).toString('hex');
let port = 3400 + Math.floor(Math.random() * 400);

function start(script: string, env: Record<string, string>, ready: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROF=<dir>: write a V8 CPU profile of each server, to see where a vote's time goes.
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes(ready)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}: ${out}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.removeAllListeners('exit');
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

type Run = { rps: number; p99: number; errors: number; ok: number };
let voter = 0;
/** Every request a new voter on one of the entries: each vote is counted (nothing refused as a repeat). */
async function voteLoad(base: string, entries: number, signed: boolean): Promise<Run> {
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION / 2,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          voter++;
          const key = `bench-${process.pid}-${voter.toString(36).padStart(10, '0')}`;
          const value = signed ? encodeURIComponent(sign(key, SECRET)) : key;
          return {
            ...req,
            path: `/api/gallery/entries/${(voter % entries) + 1}/vote`,
            headers: { 'content-type': 'application/json', cookie: `mfc_voter=${value}` },
            body: '{}',
          };
        },
      },
    ],
  });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx, ok: r['2xx'] };
}

async function listLoad(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const row = (label: string, value: string) => console.log(`${label.padEnd(46)} ${value}`);

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const tdb = await createTestDatabase(dialect);
  const ctx = await createContext(loadConfig({}, { databaseUrl: tdb.url, dataDir: tdb.dataDir, cookieSecret: SECRET, demoContent: true }));
  // A load test from one address: no step-up captcha, no per-address rate limit.
  await writeSetting(ctx.db, 'voting.stepUpPerHour', 0);
  await writeSetting(ctx.db, 'voting.ratePerMinute', 0);
  const entries = (await ctx.db.selectFrom('entries').select('id').where('status', '=', 'approved').execute()).length;
  // The in-process media worker is off: the baseline has none, and it polls the same database.
  const env = {
    DATABASE_URL: tdb.url,
    DATA_DIR: tdb.dataDir,
    COOKIE_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DEMO_CONTENT: 'false',
    REDIS_URL: '',
    MEDIA_WORKER: 'off',
  };
  const appPort = port++;
  const rawPort = port++;
  const app = await start('server/src/main.ts', { ...env, PORT: String(appPort), PUBLIC_URL: `http://127.0.0.1:${appPort}` }, 'is running at');
  const raw = await start('bench/votes-raw-server.ts', { ...env, PORT: String(rawPort) }, 'raw votes ready');
  try {
    const before = await countAll(ctx);
    // Alternating halves (app, raw, app, raw) so a noisy neighbour hurts both sides alike.
    const runs = [];
    for (let i = 0; i < 2; i++)
      runs.push(await voteLoad(`http://127.0.0.1:${appPort}`, entries, true), await voteLoad(`http://127.0.0.1:${rawPort}`, entries, false));
    const merge = (a: Run, b: Run): Run => ({
      rps: Math.round((a.rps + b.rps) / 2),
      p99: Math.max(a.p99, b.p99),
      errors: a.errors + b.errors,
      ok: a.ok + b.ok,
    });
    const real = merge(runs[0] as Run, runs[2] as Run);
    const base = merge(runs[1] as Run, runs[3] as Run);
    const list = await listLoad(`http://127.0.0.1:${appPort}/api/gallery?page=1&sort=votes`);
    const after = await countAll(ctx);
    row(`vote POST, ${dialect} (app)`, `${real.rps} req/s, p99 ${real.p99} ms, errors ${real.errors}`);
    row(`vote POST, ${dialect} (raw node:http baseline)`, `${base.rps} req/s, p99 ${base.p99} ms, errors ${base.errors}`);
    row(`vote ratio app/raw, ${dialect}`, `${(real.rps / Math.max(1, base.rps)).toFixed(2)}x (budget >= 0.85x)`);
    row(`GET /api/gallery, ${dialect}`, `${list.rps} req/s, p99 ${list.p99} ms, errors ${list.errors}`);
    // autocannon tallies only answers that arrive within the run; votes in flight at the end are counted
    // by the server but not by the client, so the check is: counted = rows = audit, and answered <= counted.
    const added = after.count - before.count;
    const consistent = added === after.votes - before.votes && added === after.audit - before.audit && real.ok + base.ok <= added;
    row(
      `votes: answered 200 / counted / rows, ${dialect}`,
      `${real.ok + base.ok} / ${added} / ${after.votes - before.votes}: ${consistent ? 'no lost or double votes' : 'MISMATCH'}`,
    );
  } finally {
    await stop(app);
    await stop(raw);
    await ctx.db.destroy();
    ctx.mailer.close();
    await tdb.drop();
  }
}

async function countAll(ctx: Awaited<ReturnType<typeof createContext>>) {
  const sum = await ctx.db
    .selectFrom('entries')
    .select((eb) => eb.fn.sum<number>('vote_count').as('n'))
    .executeTakeFirstOrThrow();
  const votes = await ctx.db
    .selectFrom('votes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const audit = await ctx.db
    .selectFrom('vote_audit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('outcome', '=', 'counted')
    .executeTakeFirstOrThrow();
  return { count: Number(sum.n), votes: Number(votes.n), audit: Number(audit.n) };
}

async function main() {
  console.log(`votes bench: ${CONNECTIONS} connections, ${DURATION} s per run, a distinct voter per request (${os.cpus().length} CPUs)`);
  await benchDialect('sqlite');
  if (process.env.TEST_DATABASE_URL) await benchDialect('postgres');
  else console.log('PostgreSQL skipped (set TEST_DATABASE_URL to include it)');
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
