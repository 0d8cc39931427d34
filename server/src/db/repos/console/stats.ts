import type { Db } from '../../database';

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

export function entriesByColumn(db: Db, column: 'status' | 'group') {
  return db
    .selectFrom('entries')
    .select([column, (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(column)
    .execute() as Promise<{ status?: string; group?: string; n: number }[]>;
}

/** Entries created per day since `since` (ISO), by the date part of created_at (UTC). */
export function entriesPerDay(db: Db, since: string) {
  return db
    .selectFrom('entries')
    .select([(eb) => eb.fn<string>('substr', ['created_at', eb.val(1), eb.val(10)]).as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy('day')
    .orderBy('day')
    .execute();
}

export async function voteTotals(db: Db) {
  const [sum, top] = await Promise.all([
    db
      .selectFrom('entries')
      .select((eb) => eb.fn.sum<number>('vote_count').as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('entries')
      .select(['id', 'entry_no', 'title', 'vote_count'])
      .where('status', '=', 'approved')
      .orderBy('vote_count', 'desc')
      .orderBy('entry_no', 'asc')
      .limit(10)
      .execute(),
  ]);
  return { total: Number(sum?.n ?? 0), top };
}
