import type { Db } from '../../database';

/** SQL of the results mail ledger: a claim per entry before its mail is sent, so no entrant is mailed twice. */

/**
 * Claims the entry's results mail; true when this caller may send it. A claim another caller holds is refused,
 * unless it was never marked sent and is older than `staleBefore` (its process died mid-send, or the send failed).
 */
export async function claimMailing(db: Db, entryId: number, at: string, staleBefore: string): Promise<boolean> {
  const inserted = await db
    .insertInto('results_mailings')
    .values({ entry_id: entryId, claimed_at: at, sent_at: null })
    .onConflict((oc) => oc.column('entry_id').doNothing())
    .returning('entry_id')
    .executeTakeFirst();
  if (inserted) return true;
  const takenOver = await db
    .updateTable('results_mailings')
    .set({ claimed_at: at })
    .where('entry_id', '=', entryId)
    .where('sent_at', 'is', null)
    .where('claimed_at', '<', staleBefore)
    .returning('entry_id')
    .executeTakeFirst();
  return Boolean(takenOver);
}

export async function markMailed(db: Db, entryId: number, at: string): Promise<void> {
  await db.updateTable('results_mailings').set({ sent_at: at }).where('entry_id', '=', entryId).execute();
}

export async function countMailed(db: Db): Promise<number> {
  const row = await db
    .selectFrom('results_mailings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sent_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
