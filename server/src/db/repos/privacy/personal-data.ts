import type { Db } from '../../database';

/**
 * Where a person's data lives outside the entries table, read for their export and removed by their erasure:
 * the account row, sign-ins, e-mail tokens, uploads, contact messages and scam reports by their address, and
 * the votes they cast as a signed-in voter. Functions take a `Db`, so the erasure passes its transaction.
 */

export function findAccount(db: Db, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function userSessions(db: Db, userId: number) {
  return db.selectFrom('sessions').select(['created_at', 'last_seen_at', 'expires_at', 'revoked_at']).where('user_id', '=', userId).orderBy('id').execute();
}

/** Every upload of the person, used in an entry or not (the rows carry the original file names). */
export function userUploads(db: Db, userId: number) {
  return db.selectFrom('uploads').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

/** Messages sent from the address as typed in any case (`email` is the account's, already lower-case). */
export function contactMessagesFrom(db: Db, email: string) {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .orderBy('id')
    .execute();
}

async function deleted(result: Promise<{ numDeletedRows: bigint }[]>): Promise<number> {
  return (await result).reduce((n, r) => n + Number(r.numDeletedRows), 0);
}

export function deleteUserSessions(db: Db, userId: number): Promise<number> {
  return deleted(db.deleteFrom('sessions').where('user_id', '=', userId).execute());
}

/** E-mail tokens (verification, reset, invitation) and the login-failure counter. */
export async function deleteUserTokens(db: Db, userId: number): Promise<number> {
  await db.deleteFrom('login_failures').where('user_id', '=', userId).execute();
  return deleted(db.deleteFrom('account_tokens').where('user_id', '=', userId).execute());
}

export function deleteUserUploads(db: Db, userId: number): Promise<number> {
  return deleted(db.deleteFrom('uploads').where('user_id', '=', userId).execute());
}

/** Contact messages sent from the address, with the organiser's handled marks (and replies) on them. */
export async function deleteContactMessagesFrom(db: Db, email: string): Promise<number> {
  const ids = (await contactMessagesFrom(db, email)).map((m) => m.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('inbox_handled').where('kind', '=', 'contact').where('item_id', 'in', ids).execute();
  return deleted(db.deleteFrom('contact_messages').where('id', 'in', ids).execute());
}

/** Scam reports whose contact field is exactly the address (a report's text is the reporter's, kept). */
export async function deleteScamReportsFrom(db: Db, email: string): Promise<number> {
  const ids = (await db.selectFrom('scam_reports').select(['id', 'contact']).where('contact', 'is not', null).execute())
    .filter((r) => r.contact?.trim().toLowerCase() === email)
    .map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('inbox_handled').where('kind', '=', 'scamReport').where('item_id', 'in', ids).execute();
  return deleted(db.deleteFrom('scam_reports').where('id', 'in', ids).execute());
}

/** The account row kept for the record, its address and password made unusable and its role taken away. */
export function anonymiseAccount(db: Db, userId: number, values: { email: string; password_hash: string; disabled_at: string }) {
  return db
    .updateTable('users')
    .set({ ...values, role: 'user' })
    .where('id', '=', userId)
    .execute();
}
