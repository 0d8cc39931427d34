import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { useServerProcesses } from '../server/test/helpers/server-process';

/**
 * Fault drill for `npm start`: when the server dies from a signal, the launcher must not exit 0 (a
 * supervisor would think it stopped on purpose and not restart it); it exits 128 + the signal's number.
 */

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
