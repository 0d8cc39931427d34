import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MediaSettings } from '../../config';
import { mediaPaths } from '../../services/media/paths';
import { publishWorkFolder } from '../../services/media/publish';
import { type TranscodeResult, transcodeFilm } from '../../services/media/transcode';
import type { JobOutputs } from '../repos/media';

/**
 * Demo films go through the media pipeline like an entrant's: each distinct clip is transcoded by the
 * pipeline's own transcodeFilm and every demo entry gets its own published rendition folder and a finished
 * job, so the gallery plays a seeded film exactly as it plays a submitted one. The transcode is made once
 * per machine and reused (every test app seeds the demo; ffmpeg costs seconds), and each entry's folder is
 * hard-linked from it where the disk allows.
 */
// v2: the clips of demo-videos.ts v2 (art scenes); same names as v1, other pictures.
const CACHE = path.join(os.tmpdir(), 'mfc-demo-renditions-v2');
const RESULT_FILE = 'transcode.json';

export type DemoFilm = { source: string; folder: string; result: TranscodeResult };

/** Transcodes `source` into the machine cache unless it is there; several processes may race safely. */
async function cachedTranscode(source: string, key: string, settings: MediaSettings): Promise<DemoFilm> {
  const folder = path.join(CACHE, key);
  const resultFile = path.join(folder, RESULT_FILE);
  if (!fs.existsSync(resultFile)) {
    fs.mkdirSync(CACHE, { recursive: true });
    const tmp = path.join(CACHE, `tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      const result = await transcodeFilm(source, tmp, { settings, onProgress: () => undefined });
      fs.writeFileSync(path.join(tmp, RESULT_FILE), JSON.stringify(result));
      fs.renameSync(tmp, folder);
    } catch (err) {
      fs.rmSync(tmp, { recursive: true, force: true });
      if (!fs.existsSync(resultFile)) throw err; // another process finishing first is fine
    }
  }
  return { source, folder, result: JSON.parse(fs.readFileSync(resultFile, 'utf8')) as TranscodeResult };
}

/** The pipeline's renditions of each clip (by file name), or an empty map when ffmpeg cannot make them. */
export async function transcodeDemoClips(clips: string[], settings: MediaSettings): Promise<Map<string, DemoFilm>> {
  const films = new Map<string, DemoFilm>();
  for (const clip of clips) {
    const key = `${path.basename(clip, path.extname(clip))}-${settings.preset}`;
    films.set(path.basename(clip), await cachedTranscode(clip, key, settings));
  }
  return films;
}

function linkTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const item of fs.readdirSync(from, { withFileTypes: true })) {
    if (item.name === RESULT_FILE) continue;
    const src = path.join(from, item.name);
    const dst = path.join(to, item.name);
    if (item.isDirectory()) linkTree(src, dst);
    else {
      try {
        fs.linkSync(src, dst);
      } catch {
        fs.copyFileSync(src, dst); // another disk, or links not allowed
      }
    }
  }
}

/** Publishes one entry's copy of a demo film; returns the outputs its finished job records. */
export function publishDemoFilm(dataDir: string, film: DemoFilm): JobOutputs {
  const work = path.join(mediaPaths(dataDir).work, `seed-${randomBytes(6).toString('hex')}`);
  linkTree(film.folder, work);
  return publishWorkFolder(dataDir, work, film.result);
}
