import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context';
import { listOutputs } from '../../db/repos/media';
import { mediaPaths, removeRendition } from './paths';

/**
 * Removes rendition folders no job refers to: an entry deleted without removeEntryMedia (the row goes by
 * cascade, the files would stay), or a worker that died between publishing and recording. Young folders
 * are left alone, since one may be between its rename and its database update right now.
 */
export async function sweepOrphanRenditions(ctx: AppContext, minAgeMs = 3_600_000): Promise<string[]> {
  const dir = mediaPaths(ctx.config.dataDir).renditions;
  if (!fs.existsSync(dir)) return [];
  const keep = await listOutputs(ctx.db);
  const removed: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (keep.has(name)) continue;
    const age = Date.now() - fs.statSync(path.join(dir, name)).mtimeMs;
    if (age < minAgeMs) continue;
    removeRendition(ctx.config.dataDir, name);
    if (!fs.existsSync(path.join(dir, name))) removed.push(name);
  }
  return removed;
}
