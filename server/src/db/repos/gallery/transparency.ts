import type { Db } from '../../database';

export async function votesPerEntry(db: Db) {
  const rows = await db
    .selectFrom('votes')
    .select((eb) => ['entry_id', eb.fn.countAll<number>().as('n')])
    .groupBy('entry_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.entry_id), Number(r.n)]));
}

export async function voidsPerAction(db: Db) {
  const rows = await db
    .selectFrom('vote_voids')
    .leftJoin('vote_review_actions', 'vote_review_actions.id', 'vote_voids.action_id')
    .select((eb) => [
      'vote_voids.entry_id',
      'vote_voids.action_id',
      'vote_voids.reason',
      'vote_review_actions.rule',
      eb.fn.max('vote_voids.created_at').as('at'),
      eb.fn.countAll<number>().as('n'),
    ])
    .groupBy(['vote_voids.entry_id', 'vote_voids.action_id', 'vote_voids.reason', 'vote_review_actions.rule'])
    .orderBy('vote_voids.entry_id')
    .execute();
  return rows.map((r) => ({ entryId: Number(r.entry_id), reason: r.reason, rule: r.rule, at: String(r.at), count: Number(r.n) }));
}
