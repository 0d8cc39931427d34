import type { ColumnType } from 'kysely';

/**
 * uploads: one row per tus upload, from creation to its use in an entry.
 * - id: the tus upload id (32 hex), also the private storage key of the original bytes.
 * - status: 'uploading' (bytes arriving) | 'ready' (checked and accepted).
 * - storage_key: private key of kept originals (video, empower); null for images, whose originals are
 *   deleted once the normalised copy is written.
 * - public_url: URL of the normalised image under /media/.
 * - meta: JSON of measured facts (width, height, duration, format).
 * - entry_id: the entry using this file; null until submitted (unused uploads are swept).
 * - attempts, locked_by, locked_until: an exhibition video's conversion job (migration 0012): tries so far and
 *   the media worker holding its lease.
 */
export type UploadsTable = {
  id: string;
  user_id: number;
  purpose: string;
  file_name: string;
  size: number;
  status: string;
  storage_key: string | null;
  public_url: string | null;
  meta: string;
  entry_id: number | null;
  created_at: string;
  updated_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: string | null;
};

/**
 * spent_credentials: upload credentials already used to create an upload, by their nonce (primary key, so a
 * second creation with the same credential collides). Kept until the credential expires, then swept.
 */
export type SpentCredentialsTable = {
  nonce: string;
  expires_at: string;
};

export type SubmissionTables = { uploads: UploadsTable; spent_credentials: SpentCredentialsTable };
