import { sql } from 'kysely';
import type { Db } from '../../database';

/** Votes per entry and minute, only the minutes with at least `min` votes. */
export async function busyMinutes(db: Db, min: number) {
  const minute = sql<string>`substr(created_at, 1, 16)`;
  return db
    .selectFrom('votes')
    .select((eb) => ['entry_id', eb.fn.countAll<number>().as('n')])
    .groupBy(['entry_id', minute])
    .having((eb) => eb.fn.countAll(), '>=', min)
    .execute();
}

export async function riskySignals(db: Db, minRisk: number) {
  return db.selectFrom('votes').select(['entry_id', 'signals']).where('risk', '>=', minRisk).execute();
}
