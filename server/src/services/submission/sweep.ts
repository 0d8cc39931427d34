import type { AppContext } from '../../context';
import { deleteUploads, staleUploads } from '../../db/repos/submission/uploads';
import { discardFiles } from './discard-files';

const DAY = 86_400_000;

/**
 * Removes uploads nobody will finish (started over a day ago, still incomplete) and checked files never
 * used in an entry within a week, bytes and rows alike. Returns how many were removed.
 */
export async function sweepUploads(ctx: AppContext, now = Date.now()): Promise<number> {
  const stale = await staleUploads(ctx.db, new Date(now - DAY).toISOString(), new Date(now - 7 * DAY).toISOString());
  await deleteUploads(
    ctx.db,
    stale.map((u) => u.id),
  );
  await discardFiles(ctx, stale);
  return stale.length;
}
