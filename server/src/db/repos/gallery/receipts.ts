import type { Db } from '../../database';

/** One vote as its receipt shows it: the entry, when it was cast, and its void (with the rule's action), if any. */
export async function receiptVote(db: Db, voteId: number) {
  return db
    .selectFrom('votes')
    .innerJoin('entries', 'entries.id', 'votes.entry_id')
    .leftJoin('vote_voids', 'vote_voids.vote_id', 'votes.id')
    .leftJoin('vote_review_actions', 'vote_review_actions.id', 'vote_voids.action_id')
    .select([
      'votes.entry_id',
      'entries.entry_no',
      'entries.title',
      'votes.created_at',
      'vote_voids.reason as void_reason',
      'vote_voids.created_at as voided_at',
      'vote_review_actions.rule as void_rule',
    ])
    .where('votes.id', '=', voteId)
    .executeTakeFirst();
}
