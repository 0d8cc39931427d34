import fs from 'node:fs';
import path from 'node:path';
import type { MediaSettings } from '../../config';
import { type Probe, probe, run } from './ffmpeg';
import { fallbackRung, type Rung, rungsFor } from './ladder';

/**
 * Turns one film into everything the players need, inside `outDir` (a private work folder the caller
 * moves into place only once this resolves): HLS renditions + master playlist, a faststart MP4, a poster
 * frame and a preview strip. Audio is loudness-normalised (EBU R128, -16 LUFS as streaming services use).
 */
export type TranscodeResult = { master: string; mp4: string; poster: string; preview: string; duration: number; rungs: string[] };

type Options = { settings: MediaSettings; onProgress: (percent: number) => void; signal?: AbortSignal };

const SEGMENT_SECONDS = 4;

function filterGraph(rungs: Rung[], hasAudio: boolean): string {
  const split = `[0:v:0]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scaled = rungs.map(
    (r, i) =>
      `[s${i}]scale=${r.width}:${r.height}:force_original_aspect_ratio=decrease:force_divisible_by=2,` +
      `pad=${r.width}:${r.height}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p[v${i}]`,
  );
  const audio = hasAudio ? [`[0:a:0]loudnorm=I=-16:TP=-1.5:LRA=11,aresample=48000,asplit=${rungs.length}${rungs.map((_, i) => `[a${i}]`).join('')}`] : [];
  return [split, ...scaled, ...audio].join(';');
}

function hlsArgs(source: string, outDir: string, rungs: Rung[], info: Probe, preset: string): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-i', source, '-filter_complex', filterGraph(rungs, info.hasAudio)];
  rungs.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (info.hasAudio) args.push('-map', `[a${i}]`);
    args.push(`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.07)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`);
    if (info.hasAudio) args.push(`-b:a:${i}`, `${r.audioKbps}k`);
  });
  const streamMap = rungs.map((r, i) => (info.hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`)).join(' ');
  args.push(
    ...['-c:v', 'libx264', '-preset', preset, '-profile:v', 'high'],
    // Key frames every 2 s in every rendition so segments line up and players can switch at any boundary.
    ...['-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0'],
    ...(info.hasAudio ? ['-c:a', 'aac', '-ac', '2'] : []),
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', path.join(outDir, '%v', 'seg_%04d.ts'), '-master_pl_name', 'master.m3u8'],
    ...['-var_stream_map', streamMap, '-progress', 'pipe:1', '-nostats', '-loglevel', 'error'],
    path.join(outDir, '%v', 'index.m3u8'),
  );
  return args;
}

export async function transcodeFilm(source: string, outDir: string, opts: Options): Promise<TranscodeResult> {
  const { settings, onProgress, signal } = opts;
  const info = await probe(settings.ffprobe, source, signal);
  const rungs = rungsFor(info.width, info.height);
  for (const r of rungs) fs.mkdirSync(path.join(outDir, r.name), { recursive: true });
  // Weights of the steps in the progress bar: the HLS encode is nearly all the work.
  await run(settings.ffmpeg, hlsArgs(source, outDir, rungs, info, settings.preset), {
    signal,
    onProgress: (s) => onProgress(Math.min(90, Math.floor((s / info.duration) * 90))),
  });

  const fallback = fallbackRung(rungs);
  const mp4 = 'film.mp4';
  // The fallback is the matching HLS rendition remuxed, not a second encode.
  await run(
    settings.ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', path.join(outDir, fallback.name, 'index.m3u8')].concat([
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      path.join(outDir, mp4),
    ]),
    { signal },
  );
  onProgress(94);

  const at = Math.min(1, info.duration / 3).toFixed(2);
  await run(
    settings.ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-ss', at, '-i', source, '-frames:v', '1'].concat([
      '-vf',
      'scale=1280:720:force_original_aspect_ratio=decrease,setsar=1',
      '-q:v',
      '3',
      path.join(outDir, 'poster.jpg'),
    ]),
    { signal },
  );
  // A strip of five evenly spaced frames for hover previews and the console.
  const fps = (5 / info.duration).toFixed(6);
  await run(
    settings.ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', source, '-an']
      .concat(['-vf', `fps=${fps},scale=320:180:force_original_aspect_ratio=decrease,pad=320:180:(ow-iw)/2:(oh-ih)/2,tile=5x1`])
      .concat(['-frames:v', '1', '-q:v', '4', path.join(outDir, 'preview.jpg')]),
    { signal },
  );
  onProgress(99);
  return { master: 'master.m3u8', mp4, poster: 'poster.jpg', preview: 'preview.jpg', duration: info.duration, rungs: rungs.map((r) => r.name) };
}
