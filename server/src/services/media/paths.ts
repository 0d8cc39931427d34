import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the pipeline keeps files. Renditions live under media/renditions/<generated name>/ (public, served
 * at /media/r/); work folders and the image cache sit beside media/, never served, on the same disk so a
 * finished folder is moved into place with one rename.
 */
export function mediaPaths(dataDir: string) {
  return {
    media: path.join(dataDir, 'media'),
    renditions: path.join(dataDir, 'media', 'renditions'),
    work: path.join(dataDir, 'media-work'),
    imageCache: path.join(dataDir, 'media-cache', 'img'),
  };
}

export const RENDITIONS_URL = '/media/r';

export function generatedName(): string {
  return randomBytes(12).toString('hex');
}

/** Only names this module generated may be deleted: nothing outside renditions/ is ever touched. */
export function removeRendition(dataDir: string, name: string | null | undefined): void {
  if (!name || !/^[a-f0-9]{24}$/.test(name)) return;
  fs.rmSync(path.join(mediaPaths(dataDir).renditions, name), { recursive: true, force: true });
}

/** Removes the work folders of a job (left by a worker that died, or by this one). */
export function removeWorkFolders(dataDir: string, jobId: number): void {
  const root = mediaPaths(dataDir).work;
  if (!fs.existsSync(root)) return;
  for (const name of fs.readdirSync(root)) {
    if (name.startsWith(`${jobId}-`)) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
}
