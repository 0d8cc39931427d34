import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childPids } from './helpers/server-process';

/**
 * Fault drill: a media worker killed mid-transcode (SIGKILL: no handler runs). Its ffmpeg used to run on
 * for the rest of the film; now it dies with the process that started it. The subject is the pipeline's own
 * `run` (services/media/ffmpeg.ts) in a process of its own, given a long encode and killed once ffmpeg runs.
 */
const root = path.resolve(import.meta.dirname, '..');
const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/^\S+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));

/** Every descendant pid of `pid`, from /proc. */
function descendants(pid: number): number[] {
  return childPids(pid).flatMap((c) => [c, ...descendants(c)]);
}
const commandOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
  } catch {
    return '';
  }
};

describe('ffmpeg and its worker', () => {
  it('an ffmpeg run dies with the process that started it, even when that one is killed with SIGKILL', async () => {
    const script = `import { run } from ${JSON.stringify(path.join(root, 'src/services/media/ffmpeg.ts'))};
      run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-re', '-i', 'testsrc=s=320x240:d=600:r=10', '-f', 'null', '-']).catch(() => undefined);`;
    const worker = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
    let ffmpeg: number | undefined;
    await expect
      .poll(
        () => {
          ffmpeg = descendants(worker.pid as number).find((p) => commandOf(p).endsWith('ffmpeg'));
          return ffmpeg;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBeDefined();
    const exited = new Promise((r) => worker.once('exit', r));
    worker.kill('SIGKILL');
    await exited;
    try {
      await expect.poll(() => alive(ffmpeg as number), { timeout: 10_000, interval: 100 }).toBe(false);
    } finally {
      if (ffmpeg !== undefined && alive(ffmpeg)) process.kill(ffmpeg, 'SIGKILL'); // a failing run leaves no orphan behind
    }
  }, 60_000);
});
