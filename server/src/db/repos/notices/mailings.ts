import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../database';
import type { Database } from '../../schema';

/**
 * SQL of the notice mail ledger: a row per notice and person (unique), claimed before its mail goes out so
 * two senders never mail the same person, retried a few times when the server refuses, then marked failed.
 */

/** Adds the people `recipients` selects (a query of user ids) to `notice`; anyone already there is left as is. */
export async function addRecipients(db: Db, notice: string, at: string, recipients: SelectQueryBuilder<Database, 'users', { id: number }>): Promise<number> {
  const res = await db
    .insertInto('notice_mailings')
    .columns(['user_id', 'notice', 'created_at'])
    .expression(recipients.select((eb) => [eb.val(notice).as('notice'), eb.val(at).as('created_at')]))
    .onConflict((oc) => oc.columns(['notice', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/** The next mail to send: never claimed, or claimed before `staleBefore` and neither sent nor given up on. */
export function nextOpenMailing(db: Db, staleBefore: string) {
  return db
    .selectFrom('notice_mailings')
    .innerJoin('users', 'users.id', 'notice_mailings.user_id')
    .select([
      'notice_mailings.id',
      'notice_mailings.notice',
      'notice_mailings.user_id',
      'notice_mailings.claimed_at',
      'notice_mailings.attempts',
      'users.email',
      'users.locale',
    ])
    .where('notice_mailings.sent_at', 'is', null)
    .where('notice_mailings.failed_at', 'is', null)
    .where((eb) => eb.or([eb('notice_mailings.claimed_at', 'is', null), eb('notice_mailings.claimed_at', '<', staleBefore)]))
    .orderBy('notice_mailings.id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims a row for one send, counting the attempt; true when this caller won it. The row must still be as it
 * was read (same claim), so of two senders that read it at once only one updates it.
 */
export async function claimNoticeMailing(db: Db, id: number, readClaim: string | null, at: string): Promise<boolean> {
  const won = await db
    .updateTable('notice_mailings')
    .set((eb) => ({ claimed_at: at, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((eb) => (readClaim === null ? eb('claimed_at', 'is', null) : eb('claimed_at', '=', readClaim)))
    .returning('id')
    .executeTakeFirst();
  return Boolean(won);
}

export async function markNoticeSent(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('notice_mailings').set({ sent_at: at, last_error: null }).where('id', '=', id).execute();
}

/** Keeps the server's answer; `failedAt` when the last allowed try failed (the row is never tried again). */
export async function markNoticeRefused(db: Db, id: number, error: string, failedAt: string | null): Promise<void> {
  await db.updateTable('notice_mailings').set({ last_error: error, failed_at: failedAt }).where('id', '=', id).execute();
}

/** Drops a row whose person no longer needs the mail (a reminder whose reason went away before it was sent). */
export async function dropNoticeMailing(db: Db, id: number): Promise<void> {
  await db.deleteFrom('notice_mailings').where('id', '=', id).where('sent_at', 'is', null).execute();
}

/** Sent, failed and still-to-go counts per notice. */
export async function tallyNotices(db: Db) {
  return db
    .selectFrom('notice_mailings')
    .select((eb) => ['notice', eb.fn.count<number>('sent_at').as('sent'), eb.fn.count<number>('failed_at').as('failed'), eb.fn.countAll<number>().as('total')])
    .groupBy('notice')
    .execute();
}

/** Puts every row given up on back in line as never tried (the organiser asked again, e.g. after fixing the mail server). */
export async function reopenFailedNoticeMailings(db: Db): Promise<number> {
  const res = await db
    .updateTable('notice_mailings')
    .set({ failed_at: null, claimed_at: null, attempts: 0, last_error: null })
    .where('failed_at', 'is not', null)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0);
}

export function failedNoticeMailings(db: Db, limit: number) {
  return db
    .selectFrom('notice_mailings')
    .innerJoin('users', 'users.id', 'notice_mailings.user_id')
    .select(['notice_mailings.notice', 'users.email', 'notice_mailings.attempts', 'notice_mailings.last_error', 'notice_mailings.failed_at'])
    .where('notice_mailings.failed_at', 'is not', null)
    .orderBy('notice_mailings.failed_at', 'desc')
    .limit(limit)
    .execute();
}
