import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { findJobByEntry, moveJobOutput } from '../../db/repos/media';
import { generatedName, mediaPaths, removeRendition } from './paths';

/**
 * Takes an entry's renditions off every address handed out while it was public (a rejection): the folder
 * moves to a new generated name in one rename and the job's URLs follow it, so the old URLs (shared links,
 * a visitor's open page, /media/renditions/ and the resized poster) answer 404 at once, with no check on the
 * serving path. The entrant and the organiser get the new, unpublished URLs from the status API; approving
 * the entry again makes those the public ones.
 */
export async function unpublishEntryFilm(ctx: AppContext, entryId: number): Promise<void> {
  const { dataDir } = ctx.config;
  const job = await findJobByEntry(ctx.db, entryId);
  if (!job?.output) return;
  const { renditions } = mediaPaths(dataDir);
  const from = path.join(renditions, job.output);
  if (!fs.existsSync(from)) return;
  const name = generatedName();
  const to = path.join(renditions, name);
  fs.renameSync(from, to);
  // A renamed folder keeps its old time: make it young so the orphan sweep waits for the row to follow.
  const now = new Date();
  fs.utimesSync(to, now, now);
  let moved: boolean;
  try {
    moved = await moveJobOutput(ctx.db, job.id, job.output, name, nowIso(now));
  } catch (err) {
    fs.renameSync(to, from); // the row still points at the old folder: keep them matching
    throw err;
  }
  // A re-run published meanwhile: the row points at its newer folder, this one is stale.
  if (!moved) removeRendition(dataDir, name);
}
