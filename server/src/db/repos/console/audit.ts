import { sql } from 'kysely';
import type { Db } from '../../database';
import type { AuditLogTable } from '../../schema/audit';

/** A new audit line: the table's row without its generated id. */
export type AuditRowInput = Omit<AuditLogTable, 'id'>;

export async function insertAuditRow(db: Db, row: AuditRowInput): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export type AuditFilter = { who?: string; action?: string; from?: string; to?: string };

/**
 * The log as the console reads it: its own rows, and the entry review history and vote voids, which keep
 * their own tables (their writes are not logged twice). Each history row names its action `entry.approve`,
 * `vote.void`, `votes.restore`..., and carries its note or reason as the "after" text.
 */
function allRows(db: Db) {
  const none = sql<string | null>`null`;
  const log = db
    .selectFrom('audit_log')
    .select(['id', 'actor_id', 'action', 'target', 'before', 'after', sql<string | null>`ip`.as('ip'), 'created_at', sql<string>`'log'`.as('source')]);
  const reviews = db
    .selectFrom('entry_reviews')
    .select([
      'id',
      sql<number | null>`admin_id`.as('actor_id'),
      sql<string>`'entry.' || action`.as('action'),
      sql<string | null>`'entry=' || entry_id`.as('target'),
      none.as('before'),
      sql<string | null>`note`.as('after'),
      none.as('ip'),
      'created_at',
      sql<string>`'entryReview'`.as('source'),
    ]);
  // A vote voided by a rule is one line of its rule action below, not one line per vote.
  const voids = db
    .selectFrom('vote_voids')
    .where('action_id', 'is', null)
    .select([
      'id',
      sql<number | null>`admin_id`.as('actor_id'),
      sql<string>`'vote.void'`.as('action'),
      sql<string | null>`'vote=' || vote_id || ' entry=' || entry_id`.as('target'),
      none.as('before'),
      sql<string | null>`reason`.as('after'),
      none.as('ip'),
      'created_at',
      sql<string>`'voteVoid'`.as('source'),
    ]);
  const actions = db
    .selectFrom('vote_review_actions')
    .select([
      'id',
      sql<number | null>`admin_id`.as('actor_id'),
      sql<string>`'votes.' || kind`.as('action'),
      sql<string | null>`'entry=' || entry_id || ' count=' || count`.as('target'),
      sql<string | null>`rule`.as('before'),
      sql<string | null>`reason`.as('after'),
      none.as('ip'),
      'created_at',
      sql<string>`'voteRule'`.as('source'),
    ]);
  return log.unionAll(reviews).unionAll(voids).unionAll(actions).as('a');
}

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom(allRows(db)).leftJoin('users', 'users.id', 'a.actor_id');
  if (f.who) q = q.where((eb) => eb(eb.fn('lower', ['users.email']), 'like', `%${f.who?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (f.action) q = q.where('a.action', '=', f.action);
  if (f.from) q = q.where('a.created_at', '>=', f.from);
  if (f.to) q = q.where('a.created_at', '<=', f.to);
  return q;
}

export async function listAuditRows(db: Db, f: AuditFilter, offset: number, limit: number) {
  const base = filtered(db, f);
  const [rows, count] = await Promise.all([
    base
      .select(['a.source', 'a.id', 'a.actor_id', 'users.email', 'a.action', 'a.target', 'a.before', 'a.after', 'a.ip', 'a.created_at'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.source')
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every action the log holds, for the console's filter. */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom(allRows(db)).select('a.action').distinct().orderBy('a.action').execute();
  return rows.map((r) => r.action);
}
