import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../../database';

/**
 * The entry's stored vote count (`entries.vote_count`): read, moved and locked here for the vote batch and the
 * console's vote review, each inside its own transaction (pass the transaction as `db`); and the reads that put
 * votes beside their entries (receipts, delayed-count snapshots, the transparency page, the fraud index, a
 * person's data export), so the entries table is read in one place.
 */

/** The approved entries among `entryIds` (they can take votes), read FOR UPDATE in id order so two batches never deadlock. */
export async function lockVotableEntries(trx: Db, entryIds: number[]): Promise<Set<number>> {
  const votable = new Set<number>();
  if (entryIds.length === 0) return votable;
  const rows = await trx.selectFrom('entries').select('id').where('id', 'in', entryIds).where('status', '=', 'approved').orderBy('id').forUpdate().execute();
  for (const r of rows) votable.add(r.id);
  return votable;
}

/** Adds `n` to each entry's count in one statement (ids in order); returns the counts after. */
export async function moveCounts(trx: Db, added: Map<number, number>): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (added.size === 0) return out;
  const ids = [...added.keys()].sort((a, b) => a - b);
  // The casts give PostgreSQL the parameters' type (a bare parameter in CASE would be text).
  const cases = sql.join(
    ids.map((id) => sql`when ${id} then cast(${added.get(id)} as integer)`),
    sql` `,
  );
  const { rows } = await sql<{
    id: number;
    vote_count: number;
  }>`update entries set vote_count = vote_count + (case id ${cases} end) where id in (${sql.join(ids)}) returning id, vote_count`.execute(trx);
  for (const r of rows) out.set(Number(r.id), Number(r.vote_count));
  return out;
}

/** The vote batch's two entry statements on better-sqlite3 (prepared once per database by the caller). */
export function prepareEntryCountStatements(sqlite: SQLite.Database) {
  return {
    entryCount: sqlite.prepare(`select vote_count from entries where id = ? and status = 'approved'`) as SQLite.Statement<[number], { vote_count: number }>,
    move: sqlite.prepare('update entries set vote_count = vote_count + ? where id = ?') as SQLite.Statement<[number, number]>,
  };
}

/**
 * Takes the entry's row lock for the rest of the transaction (a no-op update: PostgreSQL locks the row, SQLite's
 * write lock covers the database). Two reviews of one entry then run one after the other, so the second sees
 * the first's voids instead of colliding on them.
 */
export async function lockEntryVotes(db: Db, entryId: number): Promise<void> {
  await db
    .updateTable('entries')
    .set((eb) => ({ vote_count: eb.ref('vote_count') }))
    .where('id', '=', entryId)
    .execute();
}

/** Moves an entry's count by `delta` and returns the new count. */
export async function moveCount(db: Db, entryId: number, delta: number): Promise<number> {
  const r = await db
    .updateTable('entries')
    .set((eb) => ({ vote_count: eb('vote_count', '+', delta) }))
    .where('id', '=', entryId)
    .returning('vote_count')
    .executeTakeFirstOrThrow();
  return r.vote_count;
}

export async function decrementCount(db: Db, entryId: number) {
  await db
    .updateTable('entries')
    .set((eb) => ({ vote_count: eb('vote_count', '-', 1) }))
    .where('id', '=', entryId)
    .where('vote_count', '>', 0)
    .execute();
}

export async function entryVoteCount(db: Db, entryId: number): Promise<number> {
  const row = await db.selectFrom('entries').select('vote_count').where('id', '=', entryId).executeTakeFirstOrThrow();
  return row.vote_count;
}

/** Per approved entry: the stored count, the vote rows, and how many of them were voided. */
export function entryVoteTallies(db: Db) {
  return db
    .selectFrom('entries')
    .select(['entries.id', 'entries.entry_no', 'entries.title', 'entries.vote_count'])
    .select((eb) => [
      eb.selectFrom('votes').select(eb.fn.countAll<number>().as('c')).whereRef('votes.entry_id', '=', 'entries.id').as('vote_rows'),
      eb.selectFrom('vote_voids').select(eb.fn.countAll<number>().as('c')).whereRef('vote_voids.entry_id', '=', 'entries.id').as('voided'),
    ])
    .where('entries.status', '=', 'approved')
    .orderBy('entries.vote_count', 'desc')
    .orderBy('entries.entry_no', 'asc')
    .execute();
}

/** SQL of the transparency page: approved entries, their vote rows, and their voids grouped by the action behind them. */
export async function transparencyEntries(db: Db) {
  return db.selectFrom('entries').select(['id', 'entry_no', 'group', 'title']).where('status', '=', 'approved').orderBy('entry_no').orderBy('id').execute();
}

/** Copies every approved entry's count now; a retake racing another one writes the same rows (upsert). */
export async function takeSnapshot(db: Db, at: string): Promise<void> {
  await db
    .insertInto('vote_count_snapshots')
    .columns(['entry_id', 'vote_count', 'taken_at'])
    .expression((eb) =>
      eb
        .selectFrom('entries')
        .select(['id', 'vote_count', eb.val(at).as('taken_at')])
        .where('status', '=', 'approved'),
    )
    .onConflict((oc) => oc.column('entry_id').doUpdateSet((eb) => ({ vote_count: eb.ref('excluded.vote_count'), taken_at: eb.ref('excluded.taken_at') })))
    .execute();
}

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
      'entries.title_en',
      'entries.locale',
      'votes.created_at',
      'vote_voids.reason as void_reason',
      'vote_voids.created_at as voided_at',
      'vote_review_actions.rule as void_rule',
    ])
    .where('votes.id', '=', voteId)
    .executeTakeFirst();
}

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

/** The votes cast while voting was by signed-in account (voter key `u:<id>`), with the entry they went to. */
export function accountVotes(db: Db, userId: number) {
  return db
    .selectFrom('votes')
    .innerJoin('entries', 'entries.id', 'votes.entry_id')
    .select(['votes.entry_id', 'entries.entry_no', 'entries.title', 'votes.ip', 'votes.created_at'])
    .where('votes.voter_key', '=', `u:${userId}`)
    .orderBy('votes.id')
    .execute();
}
