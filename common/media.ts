/**
 * Rules of the media pipeline both sides use: the widths responsive images are made at, how their URLs are
 * built, and the playback state the API returns (GET /api/media/entries/:id).
 */
export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 960, 1280, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export type ImageFormat = 'webp' | 'avif';

export type MediaStatusName = 'none' | 'queued' | 'running' | 'done' | 'failed';

export type MediaStatus = {
  status: MediaStatusName;
  /** 0-100; meaningful while running. */
  progress: number;
  /** Master playlist (HLS) once transcoded. */
  hls: string | null;
  /** The faststart MP4 fallback (for players without HLS or Media Source Extensions). */
  mp4: string | null;
  poster: string | null;
  /** A strip of five frames (1600x180). */
  preview: string | null;
  duration: number | null;
  attempts: number;
  /** Why the last attempt failed; only for the entrant and organisers. */
  error: string | null;
};

const RESIZABLE = /^\/media\/(?!img\/)([A-Za-z0-9_-][A-Za-z0-9._/-]*\.(?:png|jpe?g|webp|gif))$/i;

/**
 * The resized URL of a public image (/media/..., posters under /media/r/ included), or null when the image
 * is not one the resizer serves. /media/r/ is served from media/renditions/, so the path is mapped back.
 */
export function resizedImageUrl(src: string, width: ImageWidth, format: ImageFormat): string | null {
  const m = RESIZABLE.exec(src.split('?')[0] ?? '');
  const rel = m?.[1];
  if (!rel || rel.includes('..')) return null;
  return `/media/img/${width}/${rel.startsWith('r/') ? `renditions/${rel.slice(2)}` : rel}.${format}`;
}

/** The widths offered for an image shown at most `maxWidth` CSS px wide (all of them without a limit). */
export function widthsUpTo(maxWidth?: number, widths: readonly ImageWidth[] = IMAGE_WIDTHS): ImageWidth[] {
  return widths.filter((w) => maxWidth === undefined || w <= Math.max(maxWidth, IMAGE_WIDTHS[0]));
}

/**
 * A srcset of the resized copies ("url 160w, url 240w, ..."), or null for an image the resizer does not
 * serve. The page's <img> and the server's image preload build it here, so both name the same file.
 */
export function imageSrcSet(src: string, widths: readonly ImageWidth[], format: ImageFormat): string | null {
  const parts: string[] = [];
  for (const w of widths) {
    const url = resizedImageUrl(src, w, format);
    if (!url) return null;
    parts.push(`${url} ${w}w`);
  }
  return parts.length ? parts.join(', ') : null;
}
