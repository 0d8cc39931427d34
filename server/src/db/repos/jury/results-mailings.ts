import type { Db } from '../../database';

/** SQL of the results mail ledger: a claim per entry before its mail is sent, so no entrant is mailed twice. */

/**
 * Claims the entry's results mail; true when this caller may send it. A claim another caller holds is refused,
 * unless it was never marked sent and is older than `staleBefore` (its process died mid-send).
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

/** A send that failed gives its claim back, so the next publish tries again. */
export async function releaseMailing(db: Db, entryId: number): Promise<void> {
  await db.deleteFrom('results_mailings').where('entry_id', '=', entryId).where('sent_at', 'is', null).execute();
}

/** Records entries mailed before the ledger existed (the old snapshot's list) as sent. */
export async function recordMailed(db: Db, entryIds: number[], at: string): Promise<void> {
  for (const id of entryIds) {
    await db
      .insertInto('results_mailings')
      .values({ entry_id: id, claimed_at: at, sent_at: at })
      .onConflict((oc) => oc.column('entry_id').doNothing())
      .execute();
  }
}

export async function countMailed(db: Db): Promise<number> {
  const row = await db
    .selectFrom('results_mailings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sent_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
