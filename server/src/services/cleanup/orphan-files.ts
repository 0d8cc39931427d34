import fs from 'node:fs';
import path from 'node:path';
import type { CleanupFigures } from '../../../../common/console/api-types';
import { CLEANUP_SETTING } from '../../../../common/settings-keys';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { contentTexts, recentExhibitionVideoUrls, uploadIds } from '../../db/repos/cleanup';
import { writeSetting } from '../../db/repos/settings';
import { EXHIBITION_MEDIA_FOLDER } from '../exhibition-video/videos';
import { mediaPaths } from '../media/paths';
import { sweepOrphanRenditions } from '../media/sweep';
import { sweepUploads } from '../submission/sweep';

/** Nothing younger than this is touched: an organiser may be between uploading a file and saving the form that names it. */
const GRACE_MS = 86_400_000;

export type CleanupRun = CleanupFigures;

/** Entries of `dir` older than the grace period for which `orphan(name)` holds, removed; how many went. */
function removeOld(dir: string, now: number, orphan: (name: string) => boolean): number {
  if (!fs.existsSync(dir)) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat || now - stat.mtimeMs < GRACE_MS || !orphan(name)) continue;
    fs.rmSync(file, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Removes abandoned uploads (sweepUploads: unfinished after a day, unused after a week), then files nothing
 * refers to any more, older than a day: content images an organiser replaced
 * (media/content/), exhibition videos converted but never saved into an exhibition (media/exhibitions/),
 * originals whose upload row is gone (uploads/, local storage), renditions of deleted entries and work folders
 * a dead worker left. Counts go into settings for the console. Scheduled by lifecycle.ts.
 */
export async function sweepOrphanFiles(ctx: AppContext, now = Date.now()): Promise<CleanupRun> {
  const { dataDir } = ctx.config;
  const paths = mediaPaths(dataDir);
  const texts = (await contentTexts(ctx.db)).join('\n');
  const recentVideos = (await recentExhibitionVideoUrls(ctx.db, new Date(now - GRACE_MS).toISOString())).join('\n');
  const abandonedUploads = await sweepUploads(ctx, now);
  const uploads = await uploadIds(ctx.db);
  const removed = {
    abandonedUploads,
    contentImages: removeOld(path.join(paths.media, 'content'), now, (name) => !texts.includes(`/media/content/${name}`)),
    exhibitionVideos: removeOld(path.join(paths.media, EXHIBITION_MEDIA_FOLDER), now, (name) => {
      const prefix = `/media/${EXHIBITION_MEDIA_FOLDER}/${name}/`;
      return !texts.includes(prefix) && !recentVideos.includes(prefix);
    }),
    uploads: ctx.storage.kind === 'local' ? removeOld(path.join(dataDir, 'uploads'), now, (name) => !uploads.has(name.replace(/\.json$/, ''))) : 0,
    renditions: (await sweepOrphanRenditions(ctx)).length,
    workFolders: removeOld(paths.work, now, () => true),
  };
  const run: CleanupRun = { at: nowIso(new Date(now)), removed };
  await writeSetting(ctx.db, CLEANUP_SETTING, run);
  return run;
}
