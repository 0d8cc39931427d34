import type { Db } from '../../database';

export type AuditFilter = { entryId?: number; ip?: string; voterKey?: string; outcome?: string; from?: string; to?: string };

function auditFiltered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('vote_audit');
  if (f.entryId) q = q.where('entry_id', '=', f.entryId);
  if (f.ip) q = q.where('ip', '=', f.ip);
  if (f.voterKey) q = q.where('voter_key', '=', f.voterKey);
  if (f.outcome) q = q.where('outcome', '=', f.outcome);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<', f.to);
  return q;
}

export async function listAudit(db: Db, f: AuditFilter, offset: number, limit: number) {
  const base = auditFiltered(db, f);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function allAudit(db: Db, f: AuditFilter) {
  return auditFiltered(db, f).selectAll().orderBy('id', 'asc').execute();
}

/** Addresses with many counted votes in the window: the "bursts per address / many voters" view. */
export function busyAddresses(db: Db, since: string, minVotes: number) {
  return db
    .selectFrom('votes')
    .select(['ip', (eb) => eb.fn.countAll<number>().as('votes'), (eb) => eb.fn.count<number>('voter_key').distinct().as('voters')])
    .select((eb) => [eb.fn.min('created_at').as('first_at'), eb.fn.max('created_at').as('last_at')])
    .where('created_at', '>=', since)
    .groupBy('ip')
    .having((eb) => eb.fn.countAll(), '>=', minVotes)
    .orderBy('votes', 'desc')
    .limit(100)
    .execute();
}

/** Votes of one address in time order, for the "seconds apart" check done in the service. */
export function votesOfAddressSince(db: Db, since: string) {
  return db
    .selectFrom('votes')
    .select(['id', 'entry_id', 'ip', 'voter_key', 'created_at'])
    .where('created_at', '>=', since)
    .orderBy('ip')
    .orderBy('created_at')
    .execute();
}

export function findVote(db: Db, id: number) {
  return db.selectFrom('votes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findVoid(db: Db, voteId: number) {
  return db.selectFrom('vote_voids').selectAll().where('vote_id', '=', voteId).executeTakeFirst();
}

export async function insertVoid(db: Db, row: { vote_id: number; entry_id: number; admin_id: number; reason: string; created_at: string }) {
  await db.insertInto('vote_voids').values(row).execute();
}

export async function insertAuditLine(db: Db, row: { entry_id: number; voter_key: string; ip: string; outcome: string; created_at: string }) {
  await db.insertInto('vote_audit').values(row).execute();
}

export function votesToday(db: Db, since: string) {
  return db
    .selectFrom('votes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
}

export function votesPerHour(db: Db, since: string) {
  return db
    .selectFrom('votes')
    .select([(eb) => eb.fn<string>('substr', ['created_at', eb.val(1), eb.val(13)]).as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy('hour')
    .orderBy('hour')
    .execute();
}
