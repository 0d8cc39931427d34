import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { loadConfig, type MediaSettings } from '../src/config';
import type { AppContext } from '../src/context';
import { findJobByEntry, type MediaJob } from '../src/db/repos/media';
import { newWorkerId, processNextJob } from '../src/services/media/worker';
import type { TestApp } from './factories';

/** Tools of the media tests (their entries and films come from ./factories): settings, workers, probes. */
const exec = promisify(execFile);

/** Small, fast settings: tests never wait for real back-off or lease times. */
export function testSettings(over: Partial<MediaSettings> = {}): MediaSettings {
  return { ...loadConfig({}).media, preset: 'ultrafast', maxAttempts: 2, retryBaseMs: 0, leaseMs: 3000, pollMs: 50, ...over };
}

/** Runs the worker in this process until the entry's job is done or failed for good. */
export async function runUntilSettled(ctx: AppContext, entryId: number, settings: MediaSettings): Promise<MediaJob> {
  const worker = newWorkerId();
  for (;;) {
    await processNextJob(ctx, worker, settings);
    const job = await findJobByEntry(ctx.db, entryId);
    if (!job) throw new Error('job vanished');
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function ffprobeJson(file: string): Promise<{ streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] }> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file]);
  return JSON.parse(stdout);
}

/** The top-level MP4 boxes in file order (faststart puts moov before mdat). */
export function topLevelBoxes(file: string): string[] {
  const buf = fs.readFileSync(file);
  const boxes: string[] = [];
  let at = 0;
  while (at + 8 <= buf.length) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(at + 8));
    boxes.push(type);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

export function listDir(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/**
 * The environment of `npm run worker` for a test app: its database and data folder, no demo content, a short
 * lease (a killed worker's job is taken over soon), the fastest x264 preset, errors only; `extra` on top.
 */
export function workerEnv(t: TestApp, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: t.db.url,
    DATA_DIR: t.db.dataDir,
    DEMO_CONTENT: 'false',
    MEDIA_LEASE_MS: '2000',
    MEDIA_X264_PRESET: 'ultrafast',
    LOG_LEVEL: 'error',
    ...extra,
  };
}

/** `npm run worker` as a child in its own process group, so a kill takes its ffmpeg down too, as a crash would. */
export function spawnWorker(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/worker.ts'], { env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
}

export const exitCodeOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/** Waits until the worker has taken the entry's job, then kills it (and its ffmpeg) in the middle of it. */
export async function killMidJob(ctx: AppContext, entryId: number, worker: ChildProcess): Promise<void> {
  for (;;) {
    const job = await findJobByEntry(ctx.db, entryId);
    if (job?.status === 'running') break;
    if (worker.exitCode !== null) throw new Error(`worker exited early (${worker.exitCode})`);
    if (job?.status !== 'queued') throw new Error(`job is ${job?.status}, expected queued`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const gone = exitCodeOf(worker);
  process.kill(-(worker.pid as number), 'SIGKILL');
  await gone;
}
