import type { AppContext } from '../../context';
import { deleteExpiredSpentCredentials, deleteUploads, staleUploads } from '../../db/repos/submission/uploads';
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
  // An expired credential is refused by its signature check, so its spent nonce need not be kept.
  await deleteExpiredSpentCredentials(ctx.db, new Date(now).toISOString());
  return stale.length;
}
