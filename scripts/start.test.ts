import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { childPids, useServerProcesses } from '../server/test/helpers/server-process';

/**
 * `npm start` (scripts/start.mjs): it runs the compiled server (build/server/main.js, not TypeScript through
 * tsx), rebuilt when a source is newer than the build. Fault drill: when the server dies from a signal, the
 * launcher must not exit 0 (a supervisor would think it stopped on purpose and not restart it); it exits
 * 128 + the signal's number.
 */
const root = path.resolve(import.meta.dirname, '..');
const builtFiles = ['main.js', 'worker.js'].map((f) => path.join(root, 'build/server', f));

/** The command line of a running process, argument by argument. */
const commandLine = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe('npm start launcher', () => {
  const startProcess = useServerProcesses();
  const extraPids: number[] = [];
  afterEach(() => {
    for (const pid of extraPids.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  it('runs the compiled server, not TypeScript through tsx', async () => {
    const { child: launcher, output } = await startProcess({ script: 'scripts/start.mjs', env: { START_SKIP_BUILD: '1', MEDIA_WORKER: 'off' } });
    const server = childPids(launcher.pid as number);
    expect(server, output()).toHaveLength(1);
    const argv = commandLine(server[0] as number);
    expect(argv.slice(1)).toEqual([path.join(root, 'build/server/main.js')]);
    expect(argv.join(' ')).not.toMatch(/tsx|\.ts\b/);
  }, 90_000);

  it('rebuilds the server when a source is newer than the build, and only then', async () => {
    // A build older than every source (the sources are left alone): the next start must build again.
    const old = new Date('2001-01-01T00:00:00Z');
    await startProcess({ script: 'scripts/start.mjs', env: { START_SKIP_BUILD: '1', MEDIA_WORKER: 'off' } }); // a build exists
    for (const f of builtFiles) fs.utimesSync(f, old, old);
    const first = await startProcess({ script: 'scripts/start.mjs', env: { START_SKIP_BUILD: '1', MEDIA_WORKER: 'off' } });
    expect(first.output()).toMatch(/Building the server/);
    for (const f of builtFiles) expect(fs.statSync(f).mtimeMs).toBeGreaterThan(old.getTime());
    // Up to date now: the next start uses it as it is.
    const second = await startProcess({ script: 'scripts/start.mjs', env: { START_SKIP_BUILD: '1', MEDIA_WORKER: 'off' } });
    expect(second.output()).not.toMatch(/Building the server/);
  }, 120_000);

  it('exits 137 when the server child is killed with SIGKILL', async () => {
    // Resolves once the server says it is running; a launcher that exits before that fails the test at once.
    const { child: launcher, output } = await startProcess({ script: 'scripts/start.mjs', env: { START_SKIP_BUILD: '1', MEDIA_WORKER: 'off' } });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      launcher.once('exit', (code, signal) => resolve({ code, signal })),
    );

    const server = childPids(launcher.pid as number);
    expect(server).toHaveLength(1);
    extraPids.push(...server);
    process.kill(server[0] as number, 'SIGKILL');

    expect(await exited, output()).toEqual({ code: 137, signal: null });
  }, 90_000);
});
