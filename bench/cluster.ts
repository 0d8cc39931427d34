/**
 * Several workers on one machine (`npx tsx bench/cluster.ts`; `npm run bench` runs it when TEST_DATABASE_URL
 * and TEST_REDIS_URL are set): the compiled server (build/server) with WORKERS=1 and WORKERS=2 on PostgreSQL
 * and Redis, GET /api/gallery?page=1 and the vote POST (a new voter per request, as bench/votes.ts), each as
 * the aggregate req/s of the workers and as a ratio to the no-op node:http server measured in the same run.
 * The two set-ups alternate (1, 2, 1, 2) and each figure is the mean of its two runs; afterwards it checks that
 * no vote was lost or doubled (count sum = vote rows = audit "counted" rows). Printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { POW_BASE_RANGE } from '../common/challenge';
import { createContext } from '../server/src/bootstrap';
import { loadConfig } from '../server/src/config';
import { createTestDatabase } from '../server/test/helpers/databases';
import { setLoadTestVoting } from '../server/test/helpers/load-test-voting';
import { CONNECTIONS, DURATION, figures, type LoadResult, load, measureNoop, ratio, row, start, stop } from './load';
import { runMain } from './run-main';

const root = path.resolve(import.meta.dirname, '..');
const SECRET = randomBytes(24).toString('hex');
let port = Number(process.env.BENCH_CLUSTER_PORT) || 3900 + Math.floor(Math.random() * 80);

const mean = (a: LoadResult, b: LoadResult): LoadResult => ({
  rps: Math.round((a.rps + b.rps) / 2),
  p99: Math.max(a.p99, b.p99),
  errors: a.errors + b.errors,
  ok: a.ok + b.ok,
});

type Ctx = Awaited<ReturnType<typeof createContext>>;

async function voteTotals(ctx: Ctx) {
  const n = async (q: Promise<{ n: number | string | null }>) => Number((await q).n ?? 0);
  return {
    count: await n(
      ctx.db
        .selectFrom('entries')
        .select((eb) => eb.fn.sum<number>('vote_count').as('n'))
        .executeTakeFirstOrThrow(),
    ),
    rows: await n(
      ctx.db
        .selectFrom('votes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
    audit: await n(
      ctx.db
        .selectFrom('vote_audit')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('outcome', '=', 'counted')
        .executeTakeFirstOrThrow(),
    ),
  };
}

async function main() {
  if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
    console.log('cluster bench skipped (set TEST_DATABASE_URL and TEST_REDIS_URL)');
    return;
  }
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const tdb = await createTestDatabase('postgres');
  const ctx = await createContext(loadConfig({}, { databaseUrl: tdb.url, dataDir: tdb.dataDir, cookieSecret: SECRET, demoContent: true }));
  // A load from one address: no rising difficulty, no per-address limit, the lowest proof-of-work.
  await setLoadTestVoting(ctx.db);
  const entries = (await ctx.db.selectFrom('entries').select('id').where('status', '=', 'approved').execute()).length;
  const prefix = `mfc-bench-cluster-${randomBytes(4).toString('hex')}`;
  const env = {
    DATABASE_URL: tdb.url,
    DATA_DIR: tdb.dataDir,
    COOKIE_SECRET: SECRET,
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DEMO_CONTENT: 'false',
    MEDIA_WORKER: 'off',
  };
  console.log(`cluster bench: PostgreSQL + Redis, ${CONNECTIONS} connections, ${DURATION} s per run, the compiled server (${os.cpus().length} CPUs)`);
  const yardstick = await measureNoop(port++);
  row('no-op node:http (fixed JSON, the yardstick)', figures(yardstick));
  const before = await voteTotals(ctx);
  const runs: Record<number, { gallery: LoadResult[]; votes: LoadResult[] }> = { 1: { gallery: [], votes: [] }, 2: { gallery: [], votes: [] } };
  try {
    for (const workers of [1, 2, 1, 2]) {
      const appPort = port++;
      const app = await start(
        'build/server/main.js',
        { ...env, WORKERS: String(workers), PORT: String(appPort), PUBLIC_URL: `http://127.0.0.1:${appPort}` },
        'is running at',
      );
      try {
        const base = `http://127.0.0.1:${appPort}`;
        runs[workers]?.gallery.push(await load({ url: `${base}/api/gallery?page=1` }));
        runs[workers]?.votes.push(await load({ url: base, votes: { entries, secret: SECRET, powBase: POW_BASE_RANGE.min } }));
      } finally {
        await stop(app);
      }
    }
    const result = (w: number, k: 'gallery' | 'votes') => mean(runs[w]?.[k][0] as LoadResult, runs[w]?.[k][1] as LoadResult);
    for (const [k, label] of [
      ['gallery', 'GET /api/gallery?page=1'],
      ['votes', 'vote POST'],
    ] as const) {
      for (const w of [1, 2]) {
        row(`${label}, ${w} worker${w > 1 ? 's' : ''}`, figures(result(w, k)));
        row('  ratio / no-op', ratio(result(w, k), yardstick));
      }
      row(`  ${label}: 2 workers / 1 worker`, ratio(result(2, k), result(1, k)));
    }
    const after = await voteTotals(ctx);
    const added = after.count - before.count;
    const answered = [1, 2].reduce((sum, w) => sum + result(w, 'votes').ok, 0);
    const consistent = added === after.rows - before.rows && added === after.audit - before.audit && answered <= added;
    row('votes: answered 200 / counted / rows', `${answered} / ${added} / ${after.rows - before.rows}: ${consistent ? 'no lost or double votes' : 'MISMATCH'}`);
  } finally {
    await ctx.db.destroy();
    ctx.mailer.close();
    await tdb.drop();
  }
}

runMain(main);
