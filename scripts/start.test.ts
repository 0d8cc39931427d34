import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../server/test/helpers/free-port';

/**
 * Fault drill for `npm start`: when the server dies from a signal, the launcher must not exit 0 (a
 * supervisor would think it stopped on purpose and not restart it); it exits 128 + the signal's number.
 */
const root = path.resolve(import.meta.dirname, '..');

/** Child pids of a process, from /proc (Linux). */
function childPids(pid: number): number[] {
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

const launched: ChildProcess[] = [];
const extraPids: number[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const pid of extraPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const c of launched.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('npm start launcher', () => {
  it('exits 137 when the server child is killed with SIGKILL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-start-'));
    dirs.push(dir);
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
    const launcher = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        ...env,
        START_SKIP_BUILD: '1',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: `sqlite:${path.join(dir, 'data', 'contest.sqlite')}`,
        DEMO_CONTENT: 'false',
        MEDIA_WORKER: 'off',
        WEB_DIR: path.join(dir, 'web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launched.push(launcher);
    let output = '';
    const running = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start; output:\n${output}`)), 45_000);
      const onData = (c: Buffer) => {
        output += c.toString();
        if (output.includes('is running at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      launcher.stdout?.on('data', onData);
      launcher.stderr?.on('data', onData);
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      launcher.once('exit', (code, signal) => resolve({ code, signal })),
    );
    await running;

    const server = childPids(launcher.pid as number);
    expect(server).toHaveLength(1);
    extraPids.push(...server);
    process.kill(server[0] as number, 'SIGKILL');

    expect(await exited, output).toEqual({ code: 137, signal: null });
  }, 90_000);
});
