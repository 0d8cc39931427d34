/** Measured values as messages show them ("File size exceeds {size} M", "The video is {value} long"). */

/** "10:01" from seconds. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Whole megabytes as "5", others to one decimal ("1.5"). */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}
