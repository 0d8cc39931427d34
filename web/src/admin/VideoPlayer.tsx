import { useEffect, useRef } from 'react';

/** Plays an entry's video; HLS playlists go through hls.js (loaded only when needed) where the browser lacks it. */
export function VideoPlayer({ src, poster, label }: { src: string; poster?: string | null; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (!src.endsWith('.m3u8') || video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = src;
      return;
    }
    let destroy: (() => void) | undefined;
    let cancelled = false;
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled || !Hls.isSupported()) return;
      const hls = new Hls();
      hls.loadSource(src);
      hls.attachMedia(video);
      destroy = () => hls.destroy();
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [src]);
  return (
    // biome-ignore lint/a11y/useMediaCaption: entries carry burned-in Chinese and English subtitles (every video must have them)
    <video
      ref={ref}
      controls
      preload="metadata"
      poster={poster ?? undefined}
      aria-label={label}
      style={{ width: '100%', maxHeight: 320, background: '#000' }}
    />
  );
}
