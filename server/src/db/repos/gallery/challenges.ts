import type { Db } from '../../database';

/** Spent proof-of-work challenges: the primary key on the signature refuses a second use on every instance. */
export async function spendChallenge(db: Db, row: { signature: string; expiresAt: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('spent_challenges')
    .values({ signature: row.signature, expires_at: row.expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** Drops spent challenges that expired before a time: an expired one is refused anyway. */
export async function purgeSpentChallenges(db: Db, before: string): Promise<void> {
  await db.deleteFrom('spent_challenges').where('expires_at', '<', before).execute();
}
