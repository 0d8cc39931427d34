import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * What the load benches share: servers in child processes, the load generator (autocannon) in a child
 * process of its own (bench/load-worker.ts), so neither shares a thread with the other or with the bench,
 * and the yardstick every load figure is also given against: a no-op node:http server (bench/noop-server.ts)
 * measured in the same run with the same settings.
 */
const root = path.resolve(import.meta.dirname, '..');

export const DURATION = Number(process.env.BENCH_SECONDS || 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);

export type LoadResult = { rps: number; p99: number; errors: number; ok: number };
/** One autocannon run; `headers`: sent with each request; `votes`: every request a POST vote of a new voter (cookie signed with `secret` when given). */
export type LoadSpec = {
  url: string;
  duration: number;
  connections: number;
  /** Request headers of every request (e.g. a browser's Accept-Encoding). */
  headers?: Record<string, string>;
  votes?: { entries: number; secret?: string; powBase?: number };
};

/** Starts `script` (a `.ts` under tsx, JavaScript as it is) with `env` on top of this process's; resolves once its output shows `ready`. */
export function start(script: string, env: Record<string, string>, ready: string, nodeArgs: string[] = []): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script], {
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

/** SIGTERM, and resolves once the child has exited. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.removeAllListeners('exit');
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The no-op yardstick on `port`. */
export function startNoop(port: number): Promise<ChildProcess> {
  return start('bench/noop-server.ts', { PORT: String(port) }, 'noop ready');
}

/** The yardstick's figures: the no-op server started on `port`, measured like every other figure, stopped. */
export async function measureNoop(port: number): Promise<LoadResult> {
  const noop = await startNoop(port);
  try {
    return await load({ url: `http://127.0.0.1:${port}/` });
  } finally {
    await stop(noop);
  }
}

/** Runs autocannon in its own process and returns its figures. */
export function load(spec: Partial<LoadSpec> & { url: string }): Promise<LoadResult> {
  const full: LoadSpec = { duration: DURATION, connections: CONNECTIONS, ...spec };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-worker.ts', JSON.stringify(full)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as LoadResult);
      else reject(new Error(`load generator exited ${code}: ${err || out}`));
    });
  });
}

export const figures = (r: LoadResult) => `${r.rps} req/s, p99 ${r.p99} ms, errors ${r.errors}`;
/** Req/s of `r` as a multiple of `base`'s (two significant digits below 0.1, where two decimals say little). */
export function ratio(r: LoadResult, base: LoadResult): string {
  const x = r.rps / Math.max(1, base.rps);
  return `${x < 0.1 ? x.toPrecision(2) : x.toFixed(2)}x`;
}
export const row = (label: string, value: string) => console.log(`${label.padEnd(46)} ${value}`);
