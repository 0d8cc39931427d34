import type SQLite from 'better-sqlite3';
import { prepareEntryCountStatements } from '../entries/vote-counts';
import { AUDIT_OUTCOME, type AuditRow, type BatchOutcome, type BatchVote, chainedVote, type DayBudget } from './vote-batch-types';
import { appendChainLinkSqlite } from './vote-chain-sqlite';
import type { ChainedVote } from './vote-chain-text';

/**
 * SQLite's group commit (see vote-batch.ts for the rules): the same outcomes, written with prepared
 * one-row statements run synchronously on better-sqlite3 inside one BEGIN IMMEDIATE transaction. On SQLite a
 * statement is a function call, not a round trip, so the multi-row statements PostgreSQL needs only cost here:
 * building and compiling them through Kysely took about half of a batch's CPU. Votes are decided one after
 * another in arrival order, which is exactly the rule the batch must follow.
 */
type Statements = {
  entryCount: SQLite.Statement<[number], { vote_count: number }>;
  spend: SQLite.Statement<[string, string]>;
  vote: SQLite.Statement<[number, string, string, string, number, string | null, string]>;
  move: SQLite.Statement<[number, number]>;
  audit: SQLite.Statement<[number, string, string | null, string, string, string, string]>;
  claim: SQLite.Statement<[string, number]>;
  unvote: SQLite.Statement<[number]>;
  write: SQLite.Transaction<(votes: BatchVote[], audits: AuditRow[]) => BatchOutcome[]>;
};

const prepared = new WeakMap<SQLite.Database, Statements>();

function statements(sqlite: SQLite.Database): Statements {
  const hit = prepared.get(sqlite);
  if (hit) return hit;
  const s = {
    ...prepareEntryCountStatements(sqlite),
    spend: sqlite.prepare('insert into spent_challenges (signature, expires_at) values (?, ?) on conflict (signature) do nothing'),
    vote: sqlite.prepare(
      'insert into votes (entry_id, voter_key, ip, slot, risk, signals, created_at) values (?, ?, ?, ?, ?, ?, ?) on conflict (slot) do nothing',
    ),
    claim: sqlite.prepare('insert into vote_day_budget (slot, vote_id) values (?, ?) on conflict (slot) do nothing'),
    unvote: sqlite.prepare('delete from votes where id = ?'),
    audit: sqlite.prepare('insert into vote_audit (entry_id, voter_key, voter_label, ip, subnet, outcome, created_at) values (?, ?, ?, ?, ?, ?, ?)'),
  } as Omit<Statements, 'write'>;
  const write = sqlite.transaction((votes: BatchVote[], audits: AuditRow[]) => {
    const written: ChainedVote[] = [];
    const outcomes = decide(s, votes, audits, written);
    appendChainLinkSqlite(sqlite, written, new Date().toISOString());
    return outcomes;
  });
  const all = { ...s, write } as Statements;
  prepared.set(sqlite, all);
  return all;
}

function decide(s: Omit<Statements, 'write'>, votes: BatchVote[], audits: AuditRow[], written: ChainedVote[]): BatchOutcome[] {
  // Each entry's count as the batch goes: read once (null: cannot take votes), moved once at the end.
  const counts = new Map<number, number | null>();
  const added = new Map<number, number>();
  const outcomes = votes.map(({ row, challenge, budget }): BatchOutcome => {
    let count = counts.get(row.entryId);
    if (count === undefined) {
      count = s.entryCount.get(row.entryId)?.vote_count ?? null;
      counts.set(row.entryId, count);
    }
    // Not votable: refused before its challenge is spent, as in the multi-row version.
    if (count === null) return { kind: 'notVotable' };
    if (challenge && s.spend.run(challenge.signature, challenge.expiresAt).changes === 0) return { kind: 'challengeUsed' };
    const inserted = s.vote.run(row.entryId, row.voterKey, row.ip, row.slot, row.risk ?? 0, row.signals ?? null, row.at);
    if (inserted.changes === 0) return { kind: 'duplicate' };
    const voteId = Number(inserted.lastInsertRowid);
    // A day's budget is taken after the entry's slot, as on PostgreSQL: a duplicate spends none of it.
    if (budget && !claimDayKey(s, budget, voteId)) {
      s.unvote.run(voteId);
      return { kind: 'dayLimit' };
    }
    counts.set(row.entryId, count + 1);
    added.set(row.entryId, (added.get(row.entryId) ?? 0) + 1);
    written.push(chainedVote(voteId, row));
    return { kind: 'counted', count: count + 1, voteId };
  });
  for (const [id, n] of added) s.move.run(n, id);
  for (const a of audits) s.audit.run(a.entryId, a.voterKey, a.label ?? null, a.ip, a.subnet, a.outcome, a.at);
  votes.forEach(({ row }, i) => {
    s.audit.run(row.entryId, row.voterKey, row.label ?? null, row.ip, row.subnet, AUDIT_OUTCOME[(outcomes[i] as BatchOutcome).kind], row.at);
  });
  return outcomes;
}

/** Takes the first free key of the voter's day (inside the write transaction, so nobody else is looking). */
function claimDayKey(s: Pick<Statements, 'claim'>, budget: DayBudget, voteId: number): boolean {
  for (let k = 0; k < budget.size; k++) if (s.claim.run(`${budget.prefix}${k}`, voteId).changes === 1) return true;
  return false;
}

/** Writes one batch in one BEGIN IMMEDIATE transaction; throws (and keeps nothing) when it fails. */
export function writeVoteBatchSqlite(sqlite: SQLite.Database, votes: BatchVote[], audits: AuditRow[]): BatchOutcome[] {
  return statements(sqlite).write.immediate(votes, audits);
}
