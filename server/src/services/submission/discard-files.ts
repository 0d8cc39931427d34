import type { AppContext } from '../../context';
import type { UploadRow } from './attach-uploads';

/** Deletes the stored bytes of uploads whose rows are gone (after the transaction that removed them). */
export async function discardFiles(ctx: AppContext, rows: UploadRow[]): Promise<void> {
  for (const row of rows) {
    if (row.public_url) await ctx.storage.removePublic(row.public_url);
    await ctx.storage.removeOriginal(row.storage_key ?? row.id);
  }
}
