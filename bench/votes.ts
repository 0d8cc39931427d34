/**
 * Vote and gallery figures (`npx tsx bench/votes.ts`; `npm run bench` runs it too). For SQLite (always) and
 * PostgreSQL (when TEST_DATABASE_URL is set): the real server's POST /api/gallery/entries/:id/vote driven by
 * autocannon with a distinct voter (signed cookie) per request, next to a raw node:http server doing the
 * same group-commit writes on the same database (bench/votes-raw-server.ts); then GET /api/gallery req/s. Every figure is also
 * given as a ratio to a no-op node:http server measured in the same run with the same settings; autocannon
 * runs in a process of its own (bench/load.ts). Afterwards it checks that no vote was lost or doubled (count
 * sum = vote rows = audit "counted" rows). Figures are printed, never asserted: the machine is shared.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { POW_BASE_RANGE } from '../common/challenge';
import { createContext } from '../server/src/bootstrap';
import { loadConfig } from '../server/src/config';
import { createTestDatabase } from '../server/test/helpers/databases';
import { setLoadTestVoting } from '../server/test/helpers/load-test-voting';
import { CONNECTIONS, DURATION, figures, type LoadResult, load, ratio, row, start, startNoop, stop } from './load';
import { runMain } from './run-main';

const SECRET = randomBytes(24).toString('hex');
// BENCH_VOTES_PORT: the first of a few consecutive ports (app, raw baseline, yardstick), else a random one.
let port = Number(process.env.BENCH_VOTES_PORT) || 3400 + Math.floor(Math.random() * 400);
// BENCH_CPU_PROF=<dir>: write a V8 CPU profile of each server, to see where a vote's time goes.
const PROFILE = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

/** Half a run of votes, each from a new voter; signed cookies for the app, plain ones for the raw baseline. */
const voteLoad = (base: string, entries: number, signed: boolean) =>
  load({ url: base, duration: DURATION / 2, votes: { entries, secret: signed ? SECRET : undefined, powBase: POW_BASE_RANGE.min } });

async function benchDialect(dialect: 'sqlite' | 'postgres', yardstick: LoadResult) {
  const tdb = await createTestDatabase(dialect);
  const ctx = await createContext(loadConfig({}, { databaseUrl: tdb.url, dataDir: tdb.dataDir, cookieSecret: SECRET, demoContent: true }));
  // A load from one address: no rising difficulty, no per-address limit, the lowest proof-of-work.
  await setLoadTestVoting(ctx.db);
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
  const app = await start('server/src/main.ts', { ...env, PORT: String(appPort), PUBLIC_URL: `http://127.0.0.1:${appPort}` }, 'is running at', PROFILE);
  const raw = await start('bench/votes-raw-server.ts', { ...env, PORT: String(rawPort) }, 'raw votes ready', PROFILE);
  try {
    const before = await countAll(ctx);
    // Alternating halves (app, raw, app, raw) so a noisy neighbour hurts both sides alike.
    const runs = [];
    for (let i = 0; i < 2; i++)
      runs.push(await voteLoad(`http://127.0.0.1:${appPort}`, entries, true), await voteLoad(`http://127.0.0.1:${rawPort}`, entries, false));
    const merge = (a: LoadResult, b: LoadResult): LoadResult => ({
      rps: Math.round((a.rps + b.rps) / 2),
      p99: Math.max(a.p99, b.p99),
      errors: a.errors + b.errors,
      ok: a.ok + b.ok,
    });
    const real = merge(runs[0] as LoadResult, runs[2] as LoadResult);
    const base = merge(runs[1] as LoadResult, runs[3] as LoadResult);
    const list = await load({ url: `http://127.0.0.1:${appPort}/api/gallery?page=1&sort=votes` });
    const after = await countAll(ctx);
    row(`vote POST, ${dialect} (app)`, figures(real));
    // The goals: SQLite (every acknowledged vote durable) >= 0.25x, PostgreSQL >= 0.15x, p99 <= 20 ms.
    const goal = dialect === 'sqlite' ? 0.25 : 0.15;
    row('  ratio app / no-op', `${ratio(real, yardstick)} (goal >= ${goal}x, p99 <= 20 ms)`);
    row(`vote POST, ${dialect} (raw node:http baseline)`, figures(base));
    row('  ratio raw / no-op', ratio(base, yardstick));
    row(`vote ratio app/raw, ${dialect}`, `${ratio(real, base)} (budget >= 0.85x)`);
    row(`GET /api/gallery, ${dialect}`, figures(list));
    row('  ratio / no-op', ratio(list, yardstick));
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
  const noopPort = port++;
  const noop = await startNoop(noopPort);
  let yardstick: LoadResult;
  try {
    yardstick = await load({ url: `http://127.0.0.1:${noopPort}/` });
  } finally {
    await stop(noop);
  }
  row('no-op node:http (fixed JSON, the yardstick)', figures(yardstick));
  await benchDialect('sqlite', yardstick);
  if (process.env.TEST_DATABASE_URL) await benchDialect('postgres', yardstick);
  else console.log('PostgreSQL skipped (set TEST_DATABASE_URL to include it)');
}

runMain(main);
