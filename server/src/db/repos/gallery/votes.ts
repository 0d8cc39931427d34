import type { Db } from '../../database';

/** SQL of voting. The UNIQUE slot refuses a second vote; the count moves in the same transaction. */
export type VoteRow = { entryId: number; voterKey: string; ip: string; slot: string; at: string };

/** The entry is missing or not approved (thrown inside the transaction so nothing is kept). */
export class EntryNotVotable extends Error {}

/**
 * Inserts the vote and bumps the count atomically; returns the new count, or null when the slot is taken.
 * Throws EntryNotVotable, or the driver's foreign-key error, when the entry cannot take votes.
 */
export async function insertVote(db: Db, v: VoteRow): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('votes')
      .values({ entry_id: v.entryId, voter_key: v.voterKey, ip: v.ip, slot: v.slot, created_at: v.at })
      .onConflict((oc) => oc.column('slot').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    // Only an approved entry takes votes; otherwise the whole transaction rolls back.
    const entry = await trx
      .updateTable('entries')
      .set((eb) => ({ vote_count: eb('vote_count', '+', 1) }))
      .where('id', '=', v.entryId)
      .where('status', '=', 'approved')
      .returning('vote_count')
      .executeTakeFirst();
    if (!entry) throw new EntryNotVotable();
    await trx.insertInto('vote_audit').values({ entry_id: v.entryId, voter_key: v.voterKey, ip: v.ip, outcome: 'counted', created_at: v.at }).execute();
    return entry.vote_count;
  });
}

export async function insertAudit(db: Db, row: { entryId: number; voterKey: string; ip: string; outcome: string; at: string }): Promise<void> {
  await db.insertInto('vote_audit').values({ entry_id: row.entryId, voter_key: row.voterKey, ip: row.ip, outcome: row.outcome, created_at: row.at }).execute();
}

/** Counted votes from one address since a time (the step-up threshold). */
export async function countCountedFromIp(db: Db, ip: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('vote_audit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('outcome', '=', 'counted')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function slotTaken(db: Db, slot: string): Promise<boolean> {
  return Boolean(await db.selectFrom('votes').select('id').where('slot', '=', slot).executeTakeFirst());
}

export async function entryStatus(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('entries').select('status').where('id', '=', id).executeTakeFirst())?.status;
}

export async function readKeys(db: Db, keys: string[]): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    try {
      out[r.key] = JSON.parse(r.value);
    } catch {
      out[r.key] = r.value;
    }
  }
  return out;
}
