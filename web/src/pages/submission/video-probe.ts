/** What the browser can tell about a film before a byte is sent; null when it cannot read the format (AVI...). */
export type VideoProbe = { duration: number; width: number; height: number } | null;

export function probeVideo(file: File, timeoutMs = 15_000): Promise<VideoProbe> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (value: VideoProbe) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      done(Number.isFinite(video.duration) && video.videoWidth > 0 ? { duration: video.duration, width: video.videoWidth, height: video.videoHeight } : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
