import type { Db } from '../../database';

export async function listUsers(db: Db, f: { q?: string; role?: string }, offset: number, limit: number) {
  let base = db.selectFrom('users');
  if (f.q) base = base.where((eb) => eb(eb.fn('lower', ['users.email']), 'like', `%${f.q?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (f.role) base = base.where('users.role', '=', f.role);
  const [rows, count] = await Promise.all([
    base
      .select(['users.id', 'users.email', 'users.role', 'users.locale', 'users.verified_at', 'users.disabled_at', 'users.created_at'])
      .select((eb) => eb.selectFrom('entries').select(eb.fn.countAll<number>().as('c')).whereRef('entries.user_id', '=', 'users.id').as('entry_count'))
      .orderBy('users.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findUser(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function setUserDisabled(db: Db, id: number, at: string | null) {
  return db.updateTable('users').set({ disabled_at: at }).where('id', '=', id).execute();
}

export function setUserRole(db: Db, id: number, role: string) {
  return db.updateTable('users').set({ role }).where('id', '=', id).execute();
}

/**
 * Holds the organisers' rows until the transaction ends (a write that changes nothing takes the row locks on
 * PostgreSQL; SQLite runs one writer at a time anyway), so two organisers demoting each other at once cannot both pass the count.
 */
export async function lockOrganisers(db: Db): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ role: eb.ref('role') }))
    .where('role', '=', 'admin')
    .execute();
}

export async function countEnabledOrganisers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertAdmin(db: Db, row: { email: string; password_hash: string; locale: string; created_at: string }) {
  return db
    .insertInto('users')
    .values({ ...row, role: 'admin', verified_at: row.created_at, disabled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function userCounts(db: Db) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('verified_at').as('verified'),
      eb.fn.sum<number>(eb.case().when('role', '=', 'admin').then(1).else(0).end()).as('admins'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), verified: Number(row.verified), admins: Number(row.admins ?? 0) };
}
