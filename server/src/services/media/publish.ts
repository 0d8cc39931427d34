import fs from 'node:fs';
import path from 'node:path';
import type { JobOutputs } from '../../db/repos/media';
import { generatedName, mediaPaths, RENDITIONS_URL } from './paths';
import type { TranscodeResult } from './transcode';

export function renditionUrl(name: string, file: string): string {
  return `${RENDITIONS_URL}/${name}/${file}`;
}

/**
 * Moves a finished work folder into renditions/ under a new generated name (one rename: players never see
 * half a folder) and returns the job outputs that point into it. The worker and the demo seed both publish
 * through here, so a seeded film and a submitted one are served the same way.
 */
export function publishWorkFolder(dataDir: string, work: string, out: TranscodeResult): JobOutputs {
  const { renditions } = mediaPaths(dataDir);
  const name = generatedName();
  fs.mkdirSync(renditions, { recursive: true });
  fs.renameSync(work, path.join(renditions, name));
  return {
    output: name,
    hls_url: renditionUrl(name, out.master),
    mp4_url: renditionUrl(name, out.mp4),
    poster_url: renditionUrl(name, out.poster),
    preview_url: renditionUrl(name, out.preview),
    duration: out.duration,
  };
}
