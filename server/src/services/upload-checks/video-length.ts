import { Code } from '../../../../common/errors';
import { formatDuration } from '../../../../common/format';
import { AppError } from '../../errors';
import { runTool } from './run-tool';

/**
 * How far short of its declared length a film's pictures may stop: a frame or two, a sound track a little
 * longer than the pictures. A second, or 1% of a long film.
 */
export function lengthTolerance(declaredSeconds: number): number {
  return Math.max(1, declaredSeconds * 0.01);
}

/**
 * Where a film's pictures really end: every video packet read (copied, not decoded, so a long film costs
 * a read of its bytes), and the last one's time taken from ffmpeg's progress lines. A file cut short with
 * its index first (MP4 "faststart") still declares its whole length and decodes its head cleanly; only
 * reading to its end shows where the pictures stop.
 */
export async function measuredVideoSeconds(file: string): Promise<number | undefined> {
  const run = await runTool(
    'ffmpeg',
    ['-v', 'error', '-nostdin', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-progress', 'pipe:1', '-nostats', '-'],
    120_000,
  );
  const times = [...run.stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]));
  const last = times.at(-1);
  return last === undefined ? undefined : last / 1e6;
}

/** Refuses (5030, naming both lengths) a film whose pictures stop well before the length it declares. */
export async function assertPlaysToItsEnd(file: string, declaredSeconds: number): Promise<void> {
  const reached = await measuredVideoSeconds(file);
  if (reached === undefined) throw new AppError(Code.VideoDamaged);
  if (declaredSeconds - reached > lengthTolerance(declaredSeconds)) {
    throw new AppError(Code.VideoCutShort, { values: { value: formatDuration(reached), declared: formatDuration(declaredSeconds) } });
  }
}
