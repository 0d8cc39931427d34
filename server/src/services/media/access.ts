import { roleOf } from '../../../../common/api-types';
import { mayAccess } from '../../../../common/console/staff';
import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { findEntryForMedia } from '../../db/repos/entries/repository';
import { AppError } from '../../errors';

/**
 * Who may read an entry's playback state: everyone once the entry is approved (public gallery); before
 * that only its entrant and the staff who review entries ('private' also unlocks failure details). Others get 7001, as if
 * the entry did not exist.
 */
export async function canSeeMedia(ctx: AppContext, entryId: number, user: { id: number; role: string } | null): Promise<'public' | 'private'> {
  const entry = await findEntryForMedia(ctx.db, entryId);
  if (!entry) throw new AppError(Code.FilmNotFound);
  if (user && (mayAccess(roleOf(user.role), 'review') || user.id === entry.user_id)) return 'private';
  if (entry.status === 'approved') return 'public';
  throw new AppError(Code.FilmNotFound);
}
