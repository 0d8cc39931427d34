import type { Db } from '../../database';

/** SQL of e-mail voting codes (services/gallery/voter-email.ts). */
export async function insertVoterCode(db: Db, row: { emailHash: string; codeHash: string; expiresAt: string; at: string }): Promise<number> {
  const inserted = await db
    .insertInto('voter_codes')
    .values({ email_hash: row.emailHash, code_hash: row.codeHash, expires_at: row.expiresAt, used_at: null, created_at: row.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteVoterCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('voter_codes').where('id', '=', id).execute();
}

/** The address's latest code: a new one replaces the ones before. */
export function latestVoterCode(db: Db, emailHash: string) {
  return db.selectFrom('voter_codes').selectAll().where('email_hash', '=', emailHash).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * Codes asked for an address since a time, up to and including code `id` (the one just written): counting
 * after writing, never before, lets parallel requests see each other, so a flood gets the limit, not more.
 */
export async function countVoterCodesUpTo(db: Db, emailHash: string, since: string, id: number): Promise<number> {
  const row = await db
    .selectFrom('voter_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email_hash', '=', emailHash)
    .where('created_at', '>', since)
    .where('id', '<=', id)
    .executeTakeFirstOrThrow();
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
