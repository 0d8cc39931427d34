import type { Db } from '../../database';
import type { BatchOutcome, BatchVote } from './vote-batch-types';

/**
 * PostgreSQL's half of "N votes a day in all" inside a batch's transaction: each vote just written with a
 * day's budget takes the first free key of its voter's day, or is taken back and refused (`dayLimit`). Keys
 * are claimed after every vote slot, voters in key order and each voter's keys upwards, so two instances'
 * batches wait for each other in one order. A key another transaction took meanwhile is simply skipped: the
 * primary key, not the read, decides.
 */
export async function claimDayBudgets(trx: Db, votes: BatchVote[], taken: Map<string, number>, outcomes: (BatchOutcome | undefined)[]): Promise<void> {
  const byPrefix = new Map<string, number[]>();
  votes.forEach((v, i) => {
    if (!v.budget || outcomes[i] || !taken.has(v.row.slot)) return;
    byPrefix.set(v.budget.prefix, [...(byPrefix.get(v.budget.prefix) ?? []), i]);
  });
  for (const prefix of [...byPrefix.keys()].sort()) {
    const waiting = byPrefix.get(prefix) as number[];
    const size = (votes[waiting[0] as number] as BatchVote).budget?.size ?? 0;
    const keys = Array.from({ length: size }, (_, k) => `${prefix}${k}`);
    const used = new Set((await trx.selectFrom('vote_day_budget').select('slot').where('slot', 'in', keys).execute()).map((r) => r.slot));
    const free = keys.filter((k) => !used.has(k));
    for (const i of waiting) {
      const row = (votes[i] as BatchVote).row;
      const voteId = taken.get(row.slot) as number;
      let claimed = false;
      while (!claimed && free.length > 0) {
        const key = free.shift() as string;
        const got = await trx
          .insertInto('vote_day_budget')
          .values({ slot: key, vote_id: voteId })
          .onConflict((oc) => oc.column('slot').doNothing())
          .returning('slot')
          .executeTakeFirst();
        claimed = got !== undefined;
      }
      if (claimed) continue;
      await trx.deleteFrom('votes').where('id', '=', voteId).execute();
      taken.delete(row.slot);
      outcomes[i] = { kind: 'dayLimit' };
    }
  }
}
