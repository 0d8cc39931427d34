import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { findApproved } from '../../db/repos/entries/repository';
import { entryUpload } from '../../db/repos/submission/uploads';
import { AppError } from '../../errors';
import { readSubtitles } from '../upload-checks/read-subtitles';
import { assertGalleryOpen } from './voting-settings';

export const captionsPath = (entryId: number) => `/api/gallery/entries/${entryId}/captions.vtt`;

/**
 * An approved entry's subtitles as clean WebVTT. The entrant's file stays a private original and is served
 * only through here, so a rejected or withdrawn entry's captions answer 2100 at once, like the entry itself.
 */
export async function entryCaptions(ctx: AppContext, entryId: number): Promise<string> {
  const entry = await findApproved(ctx.db, entryId);
  if (entry) await assertGalleryOpen(ctx.db);
  const file = entry ? await entryUpload(ctx.db, entryId, 'subtitles') : undefined;
  if (!file?.storage_key) throw new AppError(Code.EntryNotFound);
  return (await readSubtitles(ctx.storage, file.storage_key)).vtt;
}
