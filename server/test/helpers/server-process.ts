import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { freePort } from './free-port';

/**
 * The real server as a child process, for drills whose subject is the process itself (signals, exit codes,
 * the `npm start` launcher): a fresh SQLite data folder without demo content, a bare page shell, a free port.
 */
const root = path.resolve(import.meta.dirname, '../../..');

/** Child pids of a process, from /proc (Linux). */
export function childPids(pid: number): number[] {
  const direct = `/proc/${pid}/task/${pid}/children`;
  if (fs.existsSync(direct)) return fs.readFileSync(direct, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // Field 4 of stat is the parent pid; the name (field 2) may hold spaces, so read after its ')'.
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The drills want production behaviour: none of the test runner's own variables reach the server. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'));
  return { ...env, ...extra };
}

/** Resolves with the output so far once it matches `pattern`; rejects at once if the child exits first. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${seen}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        done();
        resolve(seen);
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      done();
      reject(new Error(`exited (${code ?? signal}) before ${pattern}; output:\n${seen}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

export type ServerProcess = { child: ChildProcess; port: number; output: () => string };

export type ServerProcessOptions = {
  /** The script node runs, from the repository root or absolute (default `server/src/main.ts`, through tsx). */
  script?: string;
  /** Settings on top of the fresh data folder, port and page shell. */
  env?: Record<string, string>;
  /** The child's open-file limit (`ulimit -n` through bash), for the drills that exhaust it. */
  fileLimit?: number;
};

/**
 * Returns a starter for the calling file's tests: each call spawns a server (or launcher) and resolves once
 * it says it is running. After each test, children still alive are killed and their folders removed.
 */
export function useServerProcesses(): (opts?: ServerProcessOptions) => Promise<ServerProcess> {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  return async (opts = {}) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-server-process-'));
    dirs.push(dir);
    const webDir = path.join(dir, 'web');
    fs.mkdirSync(webDir);
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    const port = await freePort();
    const script = path.resolve(root, opts.script ?? 'server/src/main.ts');
    const nodeArgs = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
    // `exec` keeps the pid the node process's own, so signals and exit codes stay real.
    const [command, args] =
      opts.fileLimit === undefined
        ? [process.execPath, nodeArgs]
        : ['bash', ['-c', `ulimit -n ${opts.fileLimit} && exec "$0" "$@"`, process.execPath, ...nodeArgs]];
    const child = spawn(command, args, {
      cwd: root,
      env: productionEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: `sqlite:${path.join(dir, 'data', 'contest.sqlite')}`,
        DEMO_CONTENT: 'false',
        WEB_DIR: webDir,
        ...opts.env,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const collect = (c: Buffer) => {
      output += c.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await waitForOutput(child, /is running at/, 45_000);
    return { child, port, output: () => output };
  };
}
