import { spawn } from 'node:child_process';

/**
 * Runs ffmpeg / ffprobe with argument arrays (never a shell string). `onProgress` receives the seconds of
 * output written so far, parsed from `-progress pipe:1`; an aborted signal kills the process.
 */
export class FfmpegError extends Error {}

type RunOptions = { onProgress?: (seconds: number) => void; signal?: AbortSignal };

/**
 * ffmpeg runs under a small sh that watches a pipe from this process: when the pipe closes (this process
 * ended, however: even SIGKILL, which no handler sees) or the run is aborted, the watcher kills ffmpeg.
 * Without it, a worker killed mid-transcode left its ffmpeg running on for the rest of the film.
 * $1 is the program, the rest its arguments; the watcher's own output goes nowhere, so it never holds ours.
 */
// (A background job's stdin is /dev/null in sh, so the pipe is read through fd 3.)
const GUARD = 'exec 3<&0; p="$1"; shift; "$p" "$@" </dev/null 3<&- & c=$!; (read -r _ <&3; kill -9 "$c") >/dev/null 2>&1 & exec 3<&-; wait "$c"';

export function run(bin: string, args: string[], opts: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(opts.signal.reason ?? new Error('aborted'));
      return;
    }
    const child = spawn('sh', ['-c', GUARD, 'ffmpeg-guard', bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const release = () => child.stdin.end(); // ends the watcher (and ffmpeg with it, if still running)
    const onAbort = () => release(); // ffmpeg is killed; its exit rejects below, as any failed run
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdin.on('error', () => undefined);
    let out = '';
    let err = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!opts.onProgress) {
        out += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m) opts.onProgress(Number(m[1]) / 1e6);
      }
    });
    // Only the tail matters for the recorded error; keep memory bounded on long films.
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    child.on('error', (e) => reject(e));
    child.on('close', (code, sig) => {
      opts.signal?.removeEventListener('abort', onAbort);
      release();
      if (code === 127 && /not found/.test(err)) reject(Object.assign(new Error(`spawn ${bin} ENOENT`), { code: 'ENOENT' }));
      else if (code === 0) resolve(out);
      else reject(new FfmpegError(`${bin} exited with ${code ?? sig}: ${err.trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}

const detected = new Map<string, Promise<boolean>>();

/** Whether ffmpeg answers `-version`; asked once per binary path and process. */
export function ffmpegAvailable(bin: string): Promise<boolean> {
  let found = detected.get(bin);
  if (!found) {
    found = run(bin, ['-hide_banner', '-version']).then(
      () => true,
      () => false,
    );
    detected.set(bin, found);
  }
  return found;
}

export type Probe = { duration: number; width: number; height: number; hasAudio: boolean };

/** Measures a film with ffprobe; throws when it holds no decodable video stream. */
export async function probe(ffprobe: string, file: string, signal?: AbortSignal): Promise<Probe> {
  const json = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal });
  const data = JSON.parse(json) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  const video = data.streams?.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0);
  const duration = Number(data.format?.duration ?? video?.duration);
  if (!video || !Number.isFinite(duration) || duration <= 0) throw new FfmpegError('no playable video stream');
  return {
    duration,
    width: video.width ?? 0,
    height: video.height ?? 0,
    hasAudio: Boolean(data.streams?.some((s) => s.codec_type === 'audio')),
  };
}
