import type { UploadPurpose } from '../../../../common/schemas/entry';
import type { AppContext } from '../../context';
import { entryUploads } from '../../db/repos/submission/uploads';

/**
 * For the media pipeline and the console: the private original of an entry's film or package, as a
 * storage key (ctx.storage.withLocalFile / openOriginal), or null when the entry has none.
 */
export async function entryOriginalKey(ctx: AppContext, entryId: number, purpose: Extract<UploadPurpose, 'video' | 'empower'>): Promise<string | null> {
  const row = (await entryUploads(ctx.db, entryId)).find((u) => u.purpose === purpose);
  return row?.storage_key ?? null;
}
