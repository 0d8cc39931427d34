import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../database';
import type { Database } from '../../schema/index';

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

/** Records entries mailed before the ledger existed (the old snapshot's list) as sent; ids no longer in `entries` are skipped. */
export async function recordMailed(db: Db, entryIds: number[], at: string): Promise<void> {
  if (entryIds.length === 0) return;
  await db
    .insertInto('results_mailings')
    .columns(['entry_id', 'claimed_at', 'sent_at'])
    .expression(
      db
        .selectFrom('entries')
        .select((eb) => ['entries.id', eb.val(at).as('claimed_at'), eb.val(at).as('sent_at')])
        .where('entries.id', 'in', entryIds),
    )
    .onConflict((oc) => oc.column('entry_id').doNothing())
    .execute();
}

export async function countMailed(db: Db): Promise<number> {
  const row = await db
    .selectFrom('results_mailings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sent_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Approved entries the published results speak to: approved by `publishedAt` (or before approvals were timed). */
const approvedBy = (publishedAt: string) => (eb: ExpressionBuilder<Database, 'entries'>) =>
  eb.and([eb('entries.status', '=', 'approved'), eb.or([eb('entries.approved_at', 'is', null), eb('entries.approved_at', '<=', publishedAt)])]);

/**
 * The entrant of an entry approved by `publishedAt`, lowest id first, whose results mail is still to send: never
 * claimed, or claimed before `staleBefore` and never marked sent (a sender that died, or a send that failed).
 */
export function nextUnmailedEntrant(db: Db, publishedAt: string, staleBefore: string) {
  return db
    .selectFrom('entries')
    .innerJoin('users', 'users.id', 'entries.user_id')
    .leftJoin('results_mailings', 'results_mailings.entry_id', 'entries.id')
    .select(['entries.id', 'entries.title', 'users.email', 'users.locale'])
    .where(approvedBy(publishedAt))
    .where((eb) =>
      eb.or([
        eb('results_mailings.entry_id', 'is', null),
        eb.and([eb('results_mailings.sent_at', 'is', null), eb('results_mailings.claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('entries.id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** Entries approved by `publishedAt` whose results mail has not been sent (claimed or not). */
export async function countUnmailed(db: Db, publishedAt: string): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .leftJoin('results_mailings', 'results_mailings.entry_id', 'entries.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(approvedBy(publishedAt))
    .where('results_mailings.sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
