import fs from 'node:fs';
import os from 'node:os';
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

  it('builds the server on first start, rebuilds it when a source changes, and only then', async () => {
    // A copy of the sources and scripts (packages linked), so the drill edits and builds nothing of the checkout's.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-launcher-'));
    try {
      for (const d of ['server/src', 'common', 'scripts', 'package.json']) fs.cpSync(path.join(root, d), path.join(copy, d), { recursive: true });
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
      const launch = async () => {
        const started = await startProcess({ script: path.join(copy, 'scripts/start.mjs'), env: { START_SKIP_BUILD: '1', MEDIA_WORKER: 'off' } });
        const exited = new Promise((resolve) => started.child.once('exit', resolve));
        started.child.kill('SIGTERM');
        await exited;
        return started.output();
      };
      expect(await launch()).toMatch(/Building the server/);
      expect(await launch(), 'up to date: used as it is').not.toMatch(/Building the server/);
      const serve = path.join(copy, 'server/src/serve.ts');
      fs.writeFileSync(serve, fs.readFileSync(serve, 'utf8').replace('Microfilm contest is running at', 'Microfilm contest (changed) is running at'));
      const changed = await launch();
      expect(changed).toMatch(/Building the server/);
      expect(changed, 'the changed source is what runs').toMatch(/Microfilm contest \(changed\) is running at/);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }, 180_000);

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
