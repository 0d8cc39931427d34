import fs from 'node:fs';
import path from 'node:path';

/**
 * Public media files by URL (/media/...), read and removed on the local disk where storage.putPublic
 * writes them. A URL that leaves the media folder resolves to null, so no caller can reach outside it.
 */
export function mediaFilePath(dataDir: string, url: string): string | null {
  if (!url.startsWith('/media/')) return null;
  const root = path.resolve(dataDir, 'media');
  let rel: string;
  try {
    rel = decodeURIComponent(url.slice('/media/'.length).split('?')[0] ?? '');
  } catch {
    return null;
  }
  const file = path.resolve(root, rel);
  return file.startsWith(`${root}${path.sep}`) ? file : null;
}

export function removeMediaFile(dataDir: string, url: string): void {
  const file = mediaFilePath(dataDir, url);
  if (file) fs.rmSync(file, { force: true });
}
