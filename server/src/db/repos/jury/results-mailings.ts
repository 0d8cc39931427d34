import type { Db } from '../../database';

/** SQL of the results mail ledger: a claim per entry before its mail is sent, so no entrant is mailed twice. */

/**
 * Claims the entry's results mail and counts the try: the try's number when this caller may send it, else 0.
 * A claim another caller holds is refused, unless it was never marked sent nor given up on and is older than
 * `staleBefore` (its process died mid-send, or the send failed).
 */
export async function claimMailing(db: Db, entryId: number, at: string, staleBefore: string): Promise<number> {
  const inserted = await db
    .insertInto('results_mailings')
    .values({ entry_id: entryId, claimed_at: at, sent_at: null, attempts: 1, failed_at: null, last_error: null })
    .onConflict((oc) => oc.column('entry_id').doNothing())
    .returning('attempts')
    .executeTakeFirst();
  if (inserted) return Number(inserted.attempts);
  const takenOver = await db
    .updateTable('results_mailings')
    .set((eb) => ({ claimed_at: at, attempts: eb('attempts', '+', 1) }))
    .where('entry_id', '=', entryId)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('claimed_at', '<', staleBefore)
    .returning('attempts')
    .executeTakeFirst();
  return takenOver ? Number(takenOver.attempts) : 0;
}

/** Keeps the server's answer; `failedAt` when the last allowed try failed (never tried again). */
export async function markMailRefused(db: Db, entryId: number, error: string, failedAt: string | null): Promise<void> {
  await db.updateTable('results_mailings').set({ last_error: error, failed_at: failedAt }).where('entry_id', '=', entryId).execute();
}

/**
 * Forgets the results mails given up on: an entry without a ledger row is one still to mail, so the mailer
 * claims it afresh with a full set of tries.
 */
export async function forgetFailedResultsMailings(db: Db): Promise<number> {
  const res = await db.deleteFrom('results_mailings').where('failed_at', 'is not', null).where('sent_at', 'is', null).executeTakeFirst();
  return Number(res.numDeletedRows ?? 0);
}

export function failedResultsMailings(db: Db, limit: number) {
  return db
    .selectFrom('results_mailings')
    .innerJoin('entries', 'entries.id', 'results_mailings.entry_id')
    .innerJoin('users', 'users.id', 'entries.user_id')
    .select(['users.email', 'results_mailings.attempts', 'results_mailings.last_error', 'results_mailings.failed_at'])
    .where('results_mailings.failed_at', 'is not', null)
    .orderBy('results_mailings.failed_at', 'desc')
    .limit(limit)
    .execute();
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
