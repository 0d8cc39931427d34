import type { Db } from '../../database';

/** Who a notice is for, as queries of user ids (the ledger inserts from them in one statement). Disabled accounts never. */
const people = (db: Db) => db.selectFrom('users').select('users.id').where('users.disabled_at', 'is', null);

/** Entries that were sent: neither a draft nor withdrawn (one sent back for changes was sent, and its entrant is one). */
const SENT = ['pending', 'changesRequested', 'approved', 'rejected'];

/** Accounts holding an entry still in draft. */
export function draftHolders(db: Db) {
  return people(db).where((eb) =>
    eb.exists(eb.selectFrom('entries').select('entries.id').whereRef('entries.user_id', '=', 'users.id').where('entries.status', '=', 'draft')),
  );
}

/** Verified entrant accounts without any entry at all. */
export function verifiedWithoutEntry(db: Db) {
  return people(db)
    .where('users.role', '=', 'user')
    .where('users.verified_at', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('entries').select('entries.id').whereRef('entries.user_id', '=', 'users.id'))));
}

/** Whether the account holds a draft (the reminder's text differs). */
export async function holdsDraft(db: Db, userId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('entries').select('id').where('user_id', '=', userId).where('status', '=', 'draft').executeTakeFirst());
}

/** Whether the account has sent an entry (a reminder to finish one is then not due). */
export async function hasSentEntry(db: Db, userId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('entries').select('id').where('user_id', '=', userId).where('status', 'in', SENT).executeTakeFirst());
}

/** Entrants with a sent entry; of one group, or of an approved entry, when asked. */
export function entrants(db: Db, filter: { group?: string; approved?: boolean } = {}) {
  return people(db).where((eb) => {
    let q = eb.selectFrom('entries').select('entries.id').whereRef('entries.user_id', '=', 'users.id');
    q = filter.approved ? q.where('entries.status', '=', 'approved') : q.where('entries.status', 'in', SENT);
    if (filter.group !== undefined) q = q.where('entries.group', '=', filter.group);
    return eb.exists(q);
  });
}

/** Jurors whose account is enabled. */
export function activeJurors(db: Db) {
  return people(db)
    .where('users.role', '=', 'juror')
    .where((eb) => eb.exists(eb.selectFrom('jurors').select('jurors.user_id').whereRef('jurors.user_id', '=', 'users.id')));
}

export function activeJurorScopes(db: Db) {
  return db
    .selectFrom('jurors')
    .innerJoin('users', 'users.id', 'jurors.user_id')
    .select(['jurors.user_id', 'jurors.group_scope'])
    .where('users.role', '=', 'juror')
    .where('users.disabled_at', 'is', null)
    .execute();
}

/** Only these ids (the jurors found to have entries left to score). */
export function usersIn(db: Db, ids: number[]) {
  return people(db).where('users.id', 'in', ids.length ? ids : [-1]);
}
