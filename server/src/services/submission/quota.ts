import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { Code } from '../../../../common/errors';
import { megabytes } from '../../../../common/format';
import type { UploadQuotaSettings } from '../../config';
import type { AppContext } from '../../context';
import type { UploadUsage } from '../../db/repos/submission/upload-usage';
import { AppError } from '../../errors';

const mb = (bytes: number) => `${megabytes(bytes)} MB`;

/**
 * Whether one more upload of `size` bytes fits the account's quotas (UPLOAD_*): uploads at once, their
 * declared bytes, and everything the account holds. Throws 5040, 5041 or 5042. Entrants' uploads only: the
 * organisers' (the exhibition video, whose published versions are kept) answer to the disk reserve alone.
 */
export function assertUploadFits(quota: UploadQuotaSettings, usage: UploadUsage, size: number): void {
  if (usage.inProgress + 1 > quota.maxAtOnce) throw new AppError(Code.UploadsAtOnce, { values: { value: String(quota.maxAtOnce) } });
  if (usage.bytesInProgress + size > quota.maxBytesInProgress)
    throw new AppError(Code.UploadBytesInProgress, { values: { value: mb(quota.maxBytesInProgress) } });
  if (usage.bytesTotal + size > quota.maxBytesTotal) throw new AppError(Code.UploadBytesTotal, { values: { value: mb(quota.maxBytesTotal) } });
}

/**
 * Where an upload's bytes land before they are kept: DATA_DIR with local storage; with S3 the store stages each
 * part in the temporary folder, so that is the disk an upload can fill here (the bucket's room is the provider's).
 */
export function uploadDisk(ctx: AppContext): string {
  return ctx.config.s3 ? os.tmpdir() : ctx.config.dataDir;
}

/**
 * Refuses a new upload (507, 9508) when its bytes would leave less free disk than the reserve, so a filling
 * disk stops new uploads before votes, sign-ins and the database run out of room. Uploads already begun go on.
 */
export async function assertDiskReserve(ctx: AppContext, size: number): Promise<void> {
  const reserve = ctx.config.uploads.diskReserveBytes;
  if (reserve <= 0) return;
  const disk = await statfs(uploadDisk(ctx));
  // With S3 only a part at a time is staged here, not the whole file.
  const landing = ctx.config.s3 ? 0 : size;
  if (disk.bavail * disk.bsize - landing < reserve) throw new AppError(Code.StorageReserve);
}
