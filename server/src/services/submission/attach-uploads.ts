import type { Selectable } from 'kysely';
import { Code } from '../../../../common/errors';
import type { UploadPurpose } from '../../../../common/schemas/entry';
import type { UploadsTable } from '../../db/schema/submission';
import { AppError } from '../../errors';

export type UploadRow = Selectable<UploadsTable>;

/**
 * Checks the upload ids an entry form names: each must exist, be the person's own, have been uploaded for
 * that slot, be checked and accepted, and not be in use by another entry.
 */
export function pickUploads(
  rows: UploadRow[],
  slots: Partial<Record<UploadPurpose, string | null>>,
  userId: number,
): Partial<Record<UploadPurpose, UploadRow>> {
  const out: Partial<Record<UploadPurpose, UploadRow>> = {};
  for (const [purpose, id] of Object.entries(slots) as [UploadPurpose, string | null | undefined][]) {
    if (!id) continue;
    const row = rows.find((r) => r.id === id);
    if (!row) throw new AppError(Code.UploadNotFound, { fields: { [`uploads.${purpose}`]: Code.UploadNotFound } });
    if (row.status !== 'ready' || row.entry_id !== null) throw new AppError(Code.UploadNotFound, { fields: { [`uploads.${purpose}`]: Code.UploadNotFound } });
    if (row.user_id !== userId) throw new AppError(Code.UploadNotYours, { fields: { [`uploads.${purpose}`]: Code.UploadNotYours } });
    if (row.purpose !== purpose) throw new AppError(Code.UploadCredentialInvalid, { fields: { [`uploads.${purpose}`]: Code.UploadCredentialInvalid } });
    out[purpose] = row;
  }
  return out;
}

/** The entry columns that come from its files. */
export function fileColumns(files: Partial<Record<UploadPurpose, UploadRow>>) {
  const cols: { team_logo_url?: string | null; cover_url?: string | null; video_cover_url?: string | null; empower_key?: string | null } = {};
  if (files.teamLogo) cols.team_logo_url = files.teamLogo.public_url;
  if (files.cover) cols.cover_url = files.cover.public_url;
  if (files.videoCover) cols.video_cover_url = files.videoCover.public_url;
  if (files.empower) cols.empower_key = files.empower.storage_key;
  return cols;
}
