import { spawn } from 'node:child_process';

/**
 * Runs ffmpeg / ffprobe with argument arrays (never a shell string). `onProgress` receives the seconds of
 * output written so far, parsed from `-progress pipe:1`; an aborted signal kills the process.
 */
export class FfmpegError extends Error {}

type RunOptions = { onProgress?: (seconds: number) => void; signal?: AbortSignal };

export function run(bin: string, args: string[], opts: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal, killSignal: 'SIGKILL' });
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
      if (code === 0) resolve(out);
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
