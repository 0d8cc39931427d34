import { sql } from 'kysely';
import { type Db, type DialectName, sqliteHandle } from '../../database';
import { lockVotableEntries, moveCounts } from '../entries/vote-counts';
import { writeVoteBatchSqlite } from './vote-batch-sqlite';
import { AUDIT_OUTCOME, type AuditRow, type BatchOutcome, type BatchVote, chainedVote } from './vote-batch-types';
import { appendChainLink } from './vote-chain';
import { claimDayBudgets } from './vote-day-budget';

/**
 * SQL of group commit: the votes of one batch (and the refusals audited beside them) written in one
 * transaction. Every outcome is what the votes would have got one after another in arrival order: the first of
 * two votes with one challenge or one slot wins, the second gets 3004 or 2015. A vote on an entry that cannot
 * take votes is refused (2100) without spending its challenge, and the rest of the batch still commits. On
 * PostgreSQL (here) a few multi-row statements (ON CONFLICT DO NOTHING RETURNING), rows in key order, so two
 * instances' batches wait for each other in one order and never deadlock; on SQLite prepared one-row statements
 * run synchronously on better-sqlite3 (vote-batch-sqlite.ts), where a statement is a call, not a round trip.
 */
export type { AuditRow, BatchOutcome, BatchVote } from './vote-batch-types';

/** Rows per statement: 7 columns each stays far below PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Writes one batch; returns each vote's outcome in the order given. Throws (and keeps nothing: no vote, no
 * spent challenge, no audit row) when the transaction fails. The entries read as votable stay so until the
 * commit: PostgreSQL reads them FOR UPDATE; SQLite's transaction holds the write lock from BEGIN IMMEDIATE.
 */
export async function writeVoteBatch(db: Db, dialect: DialectName, votes: BatchVote[], audits: AuditRow[]): Promise<BatchOutcome[]> {
  if (dialect === 'sqlite') {
    const sqlite = sqliteHandle(db);
    if (!sqlite) throw new Error('writeVoteBatch: a SQLite database opened without openDatabase');
    // Holding Kysely's connection keeps any Kysely transaction off the handle while the batch runs.
    return db.connection().execute(async () => writeVoteBatchSqlite(sqlite, votes, audits));
  }
  return inTransaction(db, async (trx) => {
    const outcomes: (BatchOutcome | undefined)[] = new Array(votes.length);
    const entryIds = [...new Set(votes.map((v) => v.row.entryId))].sort((a, b) => a - b);
    const votable = await lockVotableEntries(trx, entryIds);

    // One use per challenge: within the batch the first wins; against earlier batches the primary key decides.
    const seen = new Set<string>();
    const toSpend: { signature: string; expires_at: string }[] = [];
    votes.forEach((v, i) => {
      if (!votable.has(v.row.entryId)) outcomes[i] = { kind: 'notVotable' };
      else if (v.challenge && seen.has(v.challenge.signature)) outcomes[i] = { kind: 'challengeUsed' };
      else if (v.challenge) {
        seen.add(v.challenge.signature);
        toSpend.push({ signature: v.challenge.signature, expires_at: v.challenge.expiresAt });
      }
    });
    const spent = new Set<string>();
    toSpend.sort((a, b) => (a.signature < b.signature ? -1 : 1));
    for (const part of chunks(toSpend)) {
      const rows = await trx
        .insertInto('spent_challenges')
        .values(part)
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .execute();
      for (const r of rows) spent.add(r.signature);
    }

    // One vote per slot: the same rule, first in arrival order wins.
    const slots = new Set<string>();
    const candidates: number[] = [];
    votes.forEach((v, i) => {
      if (outcomes[i]) return;
      if (v.challenge && !spent.has(v.challenge.signature)) outcomes[i] = { kind: 'challengeUsed' };
      else if (slots.has(v.row.slot)) outcomes[i] = { kind: 'duplicate' };
      else {
        slots.add(v.row.slot);
        candidates.push(i);
      }
    });
    const taken = new Map<string, number>();
    const inOrder = [...candidates].sort((a, b) => ((votes[a] as BatchVote).row.slot < (votes[b] as BatchVote).row.slot ? -1 : 1));
    for (const part of chunks(inOrder)) {
      const rows = await trx
        .insertInto('votes')
        .values(
          part.map((i) => {
            const v = (votes[i] as BatchVote).row;
            return { entry_id: v.entryId, voter_key: v.voterKey, ip: v.ip, slot: v.slot, risk: v.risk ?? 0, signals: v.signals ?? null, created_at: v.at };
          }),
        )
        .onConflict((oc) => oc.column('slot').doNothing())
        .returning(['slot', 'id'])
        .execute();
      for (const r of rows) taken.set(r.slot, Number(r.id));
    }
    await claimDayBudgets(trx, votes, taken, outcomes);

    // Each entry's count moves once by the votes it took; each vote then gets the count it would have seen.
    const added = new Map<number, number>();
    for (const i of candidates) {
      const v = (votes[i] as BatchVote).row;
      if (outcomes[i]) continue;
      if (taken.has(v.slot)) added.set(v.entryId, (added.get(v.entryId) ?? 0) + 1);
      else outcomes[i] = { kind: 'duplicate' };
    }
    const counts = await moveCounts(trx, added);
    const next = new Map<number, number>();
    for (const [id, n] of added) next.set(id, (counts.get(id) ?? 0) - n);
    for (const i of candidates) {
      if (outcomes[i]) continue;
      const id = (votes[i] as BatchVote).row.entryId;
      const count = (next.get(id) ?? 0) + 1;
      next.set(id, count);
      outcomes[i] = { kind: 'counted', count, voteId: taken.get((votes[i] as BatchVote).row.slot) as number };
    }
    // The batch's link of the vote chain, last: it waits for another batch's link holding no lock that one needs.
    const written = candidates.filter((i) => outcomes[i]?.kind === 'counted').map((i) => (votes[i] as BatchVote).row);
    await appendChainLink(
      trx,
      written.map((row) => chainedVote(taken.get(row.slot) as number, row)),
      new Date().toISOString(),
    );

    const auditRows = [
      ...audits.map((a) => ({ ...a, outcome: a.outcome })),
      ...votes.map((v, i) => {
        const o = outcomes[i] as BatchOutcome;
        return { ...v.row, outcome: AUDIT_OUTCOME[o.kind] };
      }),
    ];
    for (const part of chunks(auditRows)) {
      await trx
        .insertInto('vote_audit')
        .values(
          part.map((a) => ({
            entry_id: a.entryId,
            voter_key: a.voterKey,
            voter_label: a.label ?? null,
            ip: a.ip,
            subnet: a.subnet,
            outcome: a.outcome,
            created_at: a.at,
          })),
        )
        .execute();
    }
    return outcomes as BatchOutcome[];
  });
}

/** BEGIN ... COMMIT on one pooled connection; ROLLBACK when `body` throws. */
async function inTransaction<T>(db: Db, body: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql.raw('begin').execute(conn);
    try {
      const result = await body(conn);
      await sql.raw('commit').execute(conn);
      return result;
    } catch (err) {
      // Also after a failed COMMIT, where PostgreSQL has ended the transaction already (the error is ignored).
      await sql
        .raw('rollback')
        .execute(conn)
        .catch(() => undefined);
      throw err;
    }
  });
}
