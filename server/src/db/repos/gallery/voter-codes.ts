import type { Db } from '../../database';
import type { VoterCodeChannel } from '../../schema/gallery';

/** SQL of voting codes sent by mail or text (services/gallery/voter-codes.ts). */
export async function insertVoterCode(
  db: Db,
  row: { channel: VoterCodeChannel; identityHash: string; subnet: string; codeHash: string; expiresAt: string; at: string },
): Promise<number> {
  const inserted = await db
    .insertInto('voter_codes')
    .values({
      channel: row.channel,
      identity_hash: row.identityHash,
      subnet: row.subnet,
      code_hash: row.codeHash,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteVoterCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('voter_codes').where('id', '=', id).execute();
}

/** The identity's latest code: a new one replaces the ones before. */
export function latestVoterCode(db: Db, identityHash: string) {
  return db.selectFrom('voter_codes').selectAll().where('identity_hash', '=', identityHash).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * Codes asked since a time, up to and including code `id` (the one just written), for one identity or for one
 * channel's subnet: counting after writing, never before, lets parallel requests see each other, so a flood
 * gets the limit, not more.
 */
export async function countVoterCodesUpTo(
  db: Db,
  by: { identityHash: string } | { channel: VoterCodeChannel; subnet: string },
  since: string,
  id: number,
): Promise<number> {
  let query = db
    .selectFrom('voter_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>', since)
    .where('id', '<=', id);
  query = 'identityHash' in by ? query.where('identity_hash', '=', by.identityHash) : query.where('channel', '=', by.channel).where('subnet', '=', by.subnet);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes one of a code's tries before the guess is compared, in one statement (the increment and the check
 * together), so parallel guesses cannot all read the same count: false when the tries are used up.
 */
export async function takeVoterCodeTry(db: Db, id: number, maxTries: number): Promise<boolean> {
  const row = await db
    .updateTable('voter_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('tries', '<', maxTries)
    .returning('tries')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a code used; false when another request used it first (one use, even under a race). */
export async function spendVoterCode(db: Db, id: number, at: string): Promise<boolean> {
  const res = await db.updateTable('voter_codes').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
