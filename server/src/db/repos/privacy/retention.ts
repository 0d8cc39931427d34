import type { Db } from '../../database';

/** The tables whose rows carry a visitor's IP address; each has `id`, `ip` and `created_at`. */
export const ADDRESS_TABLES = ['votes', 'vote_audit', 'contact_messages', 'scam_reports'] as const;
/** The same for staff: the console's audit log. */
export const STAFF_ADDRESS_TABLES = ['audit_log'] as const;
export type AddressTable = (typeof ADDRESS_TABLES)[number] | (typeof STAFF_ADDRESS_TABLES)[number];

/**
 * Up to `limit` rows older than `before` whose address is still whole (a cut address is a network and
 * holds a "/"), oldest first.
 */
export async function rowsWithWholeAddresses(db: Db, table: AddressTable, before: string, limit: number): Promise<{ id: number; ip: string }[]> {
  return db.selectFrom(table).select(['id', 'ip']).where('created_at', '<', before).where('ip', 'not like', '%/%').orderBy('id').limit(limit).execute();
}

/** Writes the cut address of the given rows (`ids` share one network). */
export async function setAddresses(db: Db, table: AddressTable, ids: number[], ip: string): Promise<void> {
  if (ids.length > 0) await db.updateTable(table).set({ ip }).where('id', 'in', ids).execute();
}

/** Drops the masked e-mail address shown beside old audit rows; returns how many were dropped. */
export async function dropVoterLabels(db: Db, before: string): Promise<number> {
  const r = await db
    .updateTable('vote_audit')
    .set({ voter_label: null })
    .where('created_at', '<', before)
    .where('voter_label', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** E-mail voting codes past their retention (they expired long before): only hashes, but nothing needs them. */
export async function deleteVoterCodes(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('voter_codes').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
