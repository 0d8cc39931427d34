import { sql } from 'kysely';
import type { Db } from '../../database';

/** SQL of the fraud review: votes selected by rule, voids and restores in bulk, review actions, the timeline. */

export type RuleWindow = { entryId: number; from: string; to: string; minRisk: number };

/** Votes of one entry in [from, to) with at least minRisk, voided or not as asked (the address filter is the service's). */
export function votesInWindow(db: Db, w: RuleWindow, voided: boolean) {
  return db
    .selectFrom('votes')
    .leftJoin('vote_voids', 'vote_voids.vote_id', 'votes.id')
    .select(['votes.id', 'votes.ip', 'votes.voter_key', 'votes.entry_id'])
    .where('votes.entry_id', '=', w.entryId)
    .where('votes.created_at', '>=', w.from)
    .where('votes.created_at', '<', w.to)
    .where('votes.risk', '>=', w.minRisk)
    .where('vote_voids.id', voided ? 'is not' : 'is', null)
    .orderBy('votes.id')
    .execute();
}

/** Ids of the votes a void action voided that are still voided. */
export async function votesOfAction(db: Db, actionId: number) {
  return db
    .selectFrom('vote_voids')
    .innerJoin('votes', 'votes.id', 'vote_voids.vote_id')
    .select(['votes.id', 'votes.ip', 'votes.voter_key', 'votes.entry_id'])
    .where('vote_voids.action_id', '=', actionId)
    .orderBy('votes.id')
    .execute();
}

export function findAction(db: Db, id: number) {
  return db.selectFrom('vote_review_actions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAction(
  db: Db,
  row: { admin_id: number; kind: 'void' | 'restore'; entry_id: number; rule: string; reason: string; count: number; created_at: string },
): Promise<number> {
  const r = await db.insertInto('vote_review_actions').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** SQLite allows a few hundred bound values per statement: bulk writes go in slices. */
const SLICE = 100;
const slices = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / SLICE) }, (_, i) => items.slice(i * SLICE, (i + 1) * SLICE));

export async function insertVoids(
  db: Db,
  rows: { vote_id: number; entry_id: number; admin_id: number; reason: string; action_id: number; created_at: string }[],
) {
  for (const part of slices(rows)) await db.insertInto('vote_voids').values(part).execute();
}

export async function deleteVoids(db: Db, voteIds: number[]) {
  for (const part of slices(voteIds)) await db.deleteFrom('vote_voids').where('vote_id', 'in', part).execute();
}

export async function insertAuditLines(
  db: Db,
  rows: { entry_id: number; voter_key: string; ip: string; subnet: string; outcome: string; created_at: string }[],
) {
  for (const part of slices(rows)) await db.insertInto('vote_audit').values(part).execute();
}

export function listActions(db: Db, entryId: number | undefined, limit: number) {
  let q = db
    .selectFrom('vote_review_actions')
    .leftJoin('users', 'users.id', 'vote_review_actions.admin_id')
    .select(['vote_review_actions.id', 'kind', 'entry_id', 'rule', 'reason', 'count', 'vote_review_actions.created_at', 'users.email as admin_email']);
  if (entryId) q = q.where('entry_id', '=', entryId);
  return q.orderBy('vote_review_actions.id', 'desc').limit(limit).execute();
}

/**
 * An entry's votes per time bucket (the first `chars` characters of the ISO time: 16 a minute, 13 an hour,
 * 10 a day): all of them, those at or above `suspicious` risk, and those voided now.
 */
export function voteTimeline(db: Db, entryId: number, chars: number, suspicious: number) {
  // The same literal expression in SELECT and GROUP BY (PostgreSQL refuses a bound parameter in one of them).
  const bucket = sql<string>`substr(votes.created_at, 1, ${sql.lit(chars)})`;
  return db
    .selectFrom('votes')
    .leftJoin('vote_voids', 'vote_voids.vote_id', 'votes.id')
    .select((eb) => [
      bucket.as('bucket'),
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('votes.risk', '>=', suspicious).then(1).else(0).end()).as('suspicious'),
      eb.fn.count<number>('vote_voids.id').as('voided'),
    ])
    .where('votes.entry_id', '=', entryId)
    .groupBy(bucket)
    .orderBy('bucket')
    .execute();
}

export function voteSpan(db: Db, entryId: number) {
  return db
    .selectFrom('votes')
    .select((eb) => [eb.fn.min<string>('created_at').as('first'), eb.fn.max<string>('created_at').as('last')])
    .where('entry_id', '=', entryId)
    .executeTakeFirstOrThrow();
}
