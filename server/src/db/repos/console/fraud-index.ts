import { sql } from 'kysely';
import type { Db } from '../../database';

/** SQL of the console's fraud index: per approved entry its votes and risky votes, busy minutes, and the risky votes' signals. */
export async function entryRiskTotals(db: Db, minRisk: number) {
  return db
    .selectFrom('entries')
    .leftJoin('votes', 'votes.entry_id', 'entries.id')
    .select((eb) => [
      'entries.id',
      'entries.entry_no',
      'entries.title',
      eb.fn.count<number>('votes.id').as('votes'),
      eb.fn.sum<number>(eb.case().when('votes.risk', '>=', minRisk).then(1).else(0).end()).as('risky'),
    ])
    .where('entries.status', '=', 'approved')
    .groupBy(['entries.id', 'entries.entry_no', 'entries.title'])
    .orderBy('entries.entry_no')
    .execute();
}

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
