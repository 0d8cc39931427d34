import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig, type MediaSettings } from '../src/config';
import type { AppContext } from '../src/context';
import { nowIso } from '../src/db/database';
import { findJobByEntry, type MediaJob } from '../src/db/repos/media';
import { newWorkerId, processNextJob } from '../src/services/media/worker';

/** Shared pieces of the media tests: entries, generated film fixtures, a worker run to the end. */
const exec = promisify(execFile);

let seq = 0;

export async function insertEntry(ctx: AppContext, userId: number, opts: { status?: string } = {}): Promise<number> {
  seq++;
  const now = nowIso();
  const row = await ctx.db
    .insertInto('entries')
    .values({
      user_id: userId,
      submission_no: `M-${process.pid}-${Date.now()}-${seq}`,
      status: opts.status ?? 'pending',
      group: 'open',
      title: `Media test ${seq}`,
      description: '',
      team: '',
      team_desc: '',
      slogan: '',
      vote_count: 0,
      locale: 'en-US',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Small, fast settings: tests never wait for real back-off or lease times. */
export function testSettings(over: Partial<MediaSettings> = {}): MediaSettings {
  return { ...loadConfig({}).media, preset: 'ultrafast', maxAttempts: 2, retryBaseMs: 0, leaseMs: 3000, pollMs: 50, ...over };
}

/**
 * Writes a 2 s 1080p film with a tone: `avi` (MPEG-4 Part 2 + PCM, which no browser plays) or `mov`
 * (QuickTime with H.264 + PCM), the formats the spec names besides MP4.
 */
export async function makeFixture(dir: string, kind: 'avi' | 'mov', seconds = 2): Promise<string> {
  const file = path.join(dir, `fixture.${kind}`);
  const codec = kind === 'avi' ? ['-c:v', 'mpeg4', '-q:v', '6'] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  await exec('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...codec,
    ...['-c:a', 'pcm_s16le', '-shortest', file],
  ]);
  return file;
}

export function corruptFilm(dir: string): string {
  const file = path.join(dir, 'corrupt.mp4');
  // An MP4 box header followed by noise: looks like a film by name and magic, decodes to nothing.
  fs.writeFileSync(file, Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('isom'), Buffer.alloc(4096, 0x5a)]));
  return file;
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
