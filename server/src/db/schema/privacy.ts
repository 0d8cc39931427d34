import type { Generated } from 'kysely';

/**
 * One row per erasure of a person's data (migration 0028). `admin_id` is null when the person deleted their
 * own account; `counts` is the JSON of what went (entries, files, sessions, messages...). No address is kept.
 */
export type ErasuresTable = {
  id: Generated<number>;
  user_id: number;
  admin_id: number | null;
  counts: string;
  created_at: string;
};

/** Table types of the privacy area; add them here and to its migration. */
export type PrivacyTables = { erasures: ErasuresTable };
