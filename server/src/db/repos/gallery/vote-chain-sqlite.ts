import type SQLite from 'better-sqlite3';
import { type ChainedVote, makeLink } from './vote-chain-text';

/** The vote chain's link written with SQLite's prepared statements, inside the batch's BEGIN IMMEDIATE transaction. */
type Statements = {
  head: SQLite.Statement<[], { batch: number; hash: string }>;
  link: SQLite.Statement<[number, string, string, number, string]>;
  row: SQLite.Statement<[number, number, string]>;
};

const prepared = new WeakMap<SQLite.Database, Statements>();

function statements(sqlite: SQLite.Database): Statements {
  let s = prepared.get(sqlite);
  if (!s) {
    s = {
      head: sqlite.prepare('select batch, hash from vote_chain order by batch desc limit 1'),
      link: sqlite.prepare('insert into vote_chain (batch, prev_hash, hash, votes, created_at) values (?, ?, ?, ?, ?)'),
      row: sqlite.prepare('insert into vote_chain_rows (vote_id, batch, row_hash) values (?, ?, ?)'),
    } as Statements;
    prepared.set(sqlite, s);
  }
  return s;
}

/** Appends one link over the votes a batch wrote; the caller's transaction keeps it all or nothing. */
export function appendChainLinkSqlite(sqlite: SQLite.Database, votes: ChainedVote[], at: string): void {
  if (votes.length === 0) return;
  const s = statements(sqlite);
  const link = makeLink(s.head.get(), votes);
  s.link.run(link.batch, link.prevHash, link.hash, votes.length, at);
  for (const r of link.rows) s.row.run(r.vote_id, r.batch, r.row_hash);
}
