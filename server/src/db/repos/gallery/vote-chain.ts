import { sql } from 'kysely';
import type { Db } from '../../database';
import { type ChainedVote, makeLink } from './vote-chain-text';

/**
 * SQL of the vote chain on PostgreSQL (SQLite: vote-chain-sqlite.ts), run inside a vote batch's transaction
 * after its votes are written. Batches of two instances take the chain's head one after the other: an
 * advisory lock held to the commit, taken last so a batch waits for it holding no lock another one needs.
 */
const CHAIN_LOCK = 7_042_031;
const CHUNK = 1000;

export async function appendChainLink(trx: Db, votes: ChainedVote[], at: string): Promise<void> {
  if (votes.length === 0) return;
  await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
  const head = await trx.selectFrom('vote_chain').select(['batch', 'hash']).orderBy('batch', 'desc').limit(1).executeTakeFirst();
  const link = makeLink(head, votes);
  await trx.insertInto('vote_chain').values({ batch: link.batch, prev_hash: link.prevHash, hash: link.hash, votes: votes.length, created_at: at }).execute();
  for (let i = 0; i < link.rows.length; i += CHUNK)
    await trx
      .insertInto('vote_chain_rows')
      .values(link.rows.slice(i, i + CHUNK))
      .execute();
}

/** The last link (the chain's head), or undefined before the first vote. */
export async function chainHead(db: Db) {
  return db.selectFrom('vote_chain').select(['batch', 'hash', 'created_at']).orderBy('batch', 'desc').limit(1).executeTakeFirst();
}

/** Every link in order; the verifier walks them. */
export async function chainLinks(db: Db) {
  return db.selectFrom('vote_chain').select(['batch', 'prev_hash', 'hash', 'votes']).orderBy('batch').execute();
}

/** Every row hash in batch and vote order. */
export async function chainRows(db: Db) {
  return db.selectFrom('vote_chain_rows').select(['vote_id', 'batch', 'row_hash']).orderBy('batch').orderBy('vote_id').execute();
}

/** Every vote row with the columns the chain covers, in id order. */
export async function chainedVotes(db: Db): Promise<ChainedVote[]> {
  return db.selectFrom('votes').select(['id', 'entry_id', 'voter_key', 'ip', 'slot', 'risk', 'signals', 'created_at']).orderBy('id').execute();
}
