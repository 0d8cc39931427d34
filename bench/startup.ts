/**
 * Start time and idle memory of the server (`npx tsx bench/startup.ts`; `npm run bench` runs it too), as it
 * ran before (TypeScript through tsx) and as `npm start` runs it now (the esbuild build, build/server): the
 * time from spawning the process to its "is running at" line, and the resident memory of the process and
 * its children (tsx's esbuild service, when there is one) after a few idle seconds. Every start is a restart
 * on a data folder already migrated and seeded (the demo contest), the way a deployment starts; medians of
 * BENCH_STARTS runs (default 3), alternating, so a noisy neighbour hurts both alike.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { row, start, stop } from './load';
import { runMain } from './run-main';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Math.max(1, Number(process.env.BENCH_STARTS || 3));
const IDLE_MS = 3000;
const port = Number(process.env.BENCH_STARTUP_PORT) || 3800 + Math.floor(Math.random() * 100);

/** Resident set of a process and its descendants, in MB (Linux /proc). */
function treeRssMb(pid: number): number {
  const kb = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
  const children = (p: number) =>
    fs.readdirSync(`/proc/${p}/task`).flatMap((t) => fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  const walk = (p: number): number => kb(p) + children(p).reduce((sum, c) => sum + walk(c), 0);
  return Math.round(walk(pid) / 1024);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;

type Variant = { label: string; script: string; env?: Record<string, string> };
const VARIANTS: Variant[] = [
  { label: 'before: node --import tsx server/src/main.ts', script: 'server/src/main.ts' },
  { label: 'after:  node build/server/main.js', script: 'build/server/main.js' },
  { label: 'npm start (launcher + build, up to date)', script: 'scripts/start.mjs', env: { START_SKIP_BUILD: '1' } },
];

async function measure(variant: Variant, env: Record<string, string>): Promise<{ ms: number; rssMb: number }> {
  const began = performance.now();
  const child = await start(variant.script, { ...env, ...variant.env }, 'is running at');
  const ms = performance.now() - began;
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rssMb = treeRssMb(child.pid as number);
  await stop(child);
  return { ms, rssMb };
}

async function main() {
  const built = performance.now();
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const buildMs = performance.now() - built;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-bench-startup-'));
  const webDir = path.join(dataDir, 'web');
  fs.mkdirSync(webDir);
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: webDir, LOG_LEVEL: 'warn', REDIS_URL: '', WORKERS: '1' };
  try {
    console.log(`startup bench: ${RUNS} restarts each on a migrated, seeded SQLite data folder, RSS after ${IDLE_MS / 1000} s idle (${os.cpus().length} CPUs)`);
    await stop(await start('build/server/main.js', env, 'is running at')); // first start: migrate and seed
    const results = VARIANTS.map(() => ({ ms: [] as number[], rss: [] as number[] }));
    for (let i = 0; i < RUNS; i++) {
      for (const [v, variant] of VARIANTS.entries()) {
        const r = await measure(variant, env);
        results[v]?.ms.push(r.ms);
        results[v]?.rss.push(r.rssMb);
      }
    }
    row('server build (esbuild, scripts/build-server.mjs)', `${Math.round(buildMs)} ms`);
    for (const [v, variant] of VARIANTS.entries()) {
      const r = results[v] as { ms: number[]; rss: number[] };
      row(variant.label, `start ${Math.round(median(r.ms))} ms, idle RSS ${median(r.rss)} MB (runs: ${r.ms.map(Math.round).join(', ')} ms)`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
