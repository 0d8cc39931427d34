import { TRAILER_MAX_SECONDS, VIDEO_MAX_SECONDS, VIDEO_RESOLUTION } from '../../../../common/constants';
import { Code, type ErrorCode } from '../../../../common/errors';
import { formatDuration } from '../../../../common/format';
import { AppError } from '../../errors';
import { runTool } from './run-tool';
import { assertPlaysToItsEnd } from './video-length';

export type VideoFacts = { duration: number; width: number; height: number; container: string; codec: string };

/** What differs between a film and a trailer: the length limit and the code that names it. */
export type VideoRules = { maxSeconds: number; tooLong: ErrorCode };
export const FILM_RULES: VideoRules = { maxSeconds: VIDEO_MAX_SECONDS, tooLong: Code.VideoTooLong };
export const TRAILER_RULES: VideoRules = { maxSeconds: TRAILER_MAX_SECONDS, tooLong: Code.TrailerTooLong };

/** Containers we take (ffprobe's format names): MP4/MOV, AVI, MKV/WebM, MPEG-PS/TS, FLV, WMV/ASF. */
const CONTAINERS = ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2', 'avi', 'matroska', 'webm', 'mpeg', 'mpegts', 'flv', 'asf'];
/** Still-image "videos" (a PNG renamed .mp4 probes as one frame of image2/png_pipe). */
const IMAGE_CODECS = ['png', 'mjpeg', 'bmp', 'gif', 'webp', 'tiff', 'jpeg2000', 'svg'];

type Probe = {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }[];
};

/**
 * Measures a film (or a trailer, with TRAILER_RULES) from the file itself with Debian's ffprobe, then decodes its last seconds with ffmpeg
 * and reads every video packet to its end (video-length.ts), so a file cut short in transfer (moov-first MP4s
 * probe fine when truncated, and their last seconds decode as nothing, cleanly) is caught.
 * Refusals name the rule and the measured value.
 */
export async function checkVideo(file: string, rules: VideoRules = FILM_RULES): Promise<VideoFacts> {
  const probe = await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], 60_000);
  let parsed: Probe = {};
  try {
    parsed = JSON.parse(probe.stdout || '{}') as Probe;
  } catch {
    parsed = {};
  }
  const formats = (parsed.format?.format_name ?? '').split(',');
  if (probe.code !== 0 || !parsed.format) {
    // ffprobe names what it could not read; a known container that fails to parse is a damaged film.
    if (/moov atom not found|Invalid data found|truncat|End of file/i.test(probe.stderr)) throw new AppError(Code.VideoDamaged);
    throw new AppError(Code.VideoType);
  }
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video || !formats.some((f) => CONTAINERS.includes(f)) || IMAGE_CODECS.includes(video.codec_name ?? '')) {
    throw new AppError(Code.VideoType);
  }
  const duration = Number(parsed.format.duration ?? video.duration ?? Number.NaN);
  if (!Number.isFinite(duration) || duration <= 0) throw new AppError(Code.VideoDamaged);
  if (duration > rules.maxSeconds) throw new AppError(rules.tooLong, { values: { value: formatDuration(duration) } });
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  // Landscape or portrait; which of them a group takes is checked when the entry is sent (entry-form/film-limits).
  const landscape = width === VIDEO_RESOLUTION.width && height === VIDEO_RESOLUTION.height;
  const portrait = width === VIDEO_RESOLUTION.height && height === VIDEO_RESOLUTION.width;
  if (!landscape && !portrait) throw new AppError(Code.VideoResolution, { values: { value: `${width}×${height}` } });
  // The pictures' own stream length where the container names one (the format's may include a longer sound track).
  // First, so a film cut short is told as such whichever way its last seconds fail to decode.
  const declared = Number(video.duration);
  await assertPlaysToItsEnd(file, Number.isFinite(declared) && declared > 0 ? declared : duration);
  const tail = await runTool('ffmpeg', ['-v', 'error', '-nostdin', '-sseof', '-3', '-i', file, '-map', '0:v:0', '-f', 'null', '-'], 120_000);
  if (tail.code !== 0 || /error|invalid|truncat|corrupt|partial file/i.test(tail.stderr)) throw new AppError(Code.VideoDamaged);
  return { duration, width, height, container: formats[0] ?? '', codec: video.codec_name ?? '' };
}
