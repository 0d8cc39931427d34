import path from 'node:path';
import { Code } from '../../../../common/errors';
import type { MediaSettings } from '../../config';
import { AppError } from '../../errors';
import { run } from '../media/ffmpeg';

/**
 * The ffmpeg side of an exhibition video: measure the upload, then write one web-playable MP4 (H.264 +
 * AAC, moov atom first) and a poster frame into a private work folder. Programs run with argument arrays.
 */
export type ExhibitionVideoFacts = {
  formats: string[];
  duration: number;
  width: number;
  height: number;
  videoCodec: string;
  pixFmt: string;
  audioCodec: string | null;
};

type Stream = {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
};
type ProbeJson = { format?: { format_name?: string; duration?: string }; streams?: Stream[] };

/** Still pictures renamed to .mp4 probe as a one-frame "video": they are not films. */
const IMAGE_CODECS = ['png', 'mjpeg', 'bmp', 'gif', 'webp', 'tiff', 'jpeg2000', 'svg'];
/** Largest picture of a re-encode: 720p, never enlarged. */
const MAX_W = 1280;
const MAX_H = 720;

/** Measures the upload with ffprobe; anything without a decodable, moving picture is refused with 6030. */
export async function probeExhibitionVideo(ffprobe: string, file: string, signal?: AbortSignal): Promise<ExhibitionVideoFacts> {
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal })) as ProbeJson;
  } catch {
    throw new AppError(Code.ExhibitionVideoType);
  }
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0 && !s.disposition?.attached_pic);
  const duration = Number(parsed.format?.duration ?? video?.duration);
  if (!video || IMAGE_CODECS.includes(video.codec_name ?? '') || !Number.isFinite(duration) || duration <= 0) throw new AppError(Code.ExhibitionVideoType);
  const audio = parsed.streams?.find((s) => s.codec_type === 'audio');
  return {
    formats: (parsed.format?.format_name ?? '').split(','),
    duration,
    width: video.width ?? 0,
    height: video.height ?? 0,
    videoCodec: video.codec_name ?? '',
    pixFmt: video.pix_fmt ?? '',
    audioCodec: audio?.codec_name ?? null,
  };
}

/** Already what every browser plays (H.264 4:2:0 + AAC in the MP4/MOV family): only the container is rewritten. */
export function canRemux(f: ExhibitionVideoFacts): boolean {
  return (
    f.formats.includes('mp4') && f.videoCodec === 'h264' && ['yuv420p', 'yuvj420p'].includes(f.pixFmt) && (f.audioCodec === null || f.audioCodec === 'aac')
  );
}

export const VIDEO_FILE = 'video.mp4';
export const POSTER_FILE = 'poster.jpg';

type EncodeOptions = { settings: MediaSettings; onProgress: (percent: number) => void; signal?: AbortSignal };

/** Writes video.mp4 and poster.jpg into `outDir`; returns whether the film was only remuxed. */
export async function encodeExhibitionVideo(source: string, facts: ExhibitionVideoFacts, outDir: string, opts: EncodeOptions): Promise<{ remuxed: boolean }> {
  const { settings, signal } = opts;
  const out = path.join(outDir, VIDEO_FILE);
  const head = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', source, '-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'];
  const progress = { signal, onProgress: (s: number) => opts.onProgress(Math.min(95, Math.floor((s / facts.duration) * 95))) };
  const remuxed = canRemux(facts);
  if (remuxed) {
    await run(settings.ffmpeg, [...head, '-c', 'copy', '-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', out], progress);
  } else {
    const scale = `scale='min(${MAX_W},iw)':'min(${MAX_H},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2,setsar=1,format=yuv420p`;
    await run(
      settings.ffmpeg,
      [...head, '-vf', scale, '-c:v', 'libx264', '-preset', settings.preset, '-crf', '23', '-profile:v', 'high'].concat([
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
        '-movflags',
        '+faststart',
        '-progress',
        'pipe:1',
        '-nostats',
        out,
      ]),
      progress,
    );
  }
  const at = Math.min(1, facts.duration / 3).toFixed(2);
  await run(
    settings.ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-ss', at, '-i', out, '-frames:v', '1'].concat([
      '-vf',
      `scale='min(${MAX_W},iw)':'min(${MAX_H},ih)':force_original_aspect_ratio=decrease,setsar=1`,
      '-q:v',
      '3',
      path.join(outDir, POSTER_FILE),
    ]),
    { signal },
  );
  // What we publish must itself be a playable H.264 film, whatever the source was.
  const result = await probeExhibitionVideo(settings.ffprobe, out, signal);
  if (result.videoCodec !== 'h264') throw new Error(`unexpected output codec ${result.videoCodec}`);
  opts.onProgress(99);
  return { remuxed };
}
