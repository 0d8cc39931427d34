import type { Db } from '../../database';
import { spendChallenge } from './challenges';

/** SQL of voting. The UNIQUE slot refuses a second vote; the count moves in the same transaction. */
export type VoteRow = {
  entryId: number;
  voterKey: string;
  label?: string;
  ip: string;
  subnet: string;
  slot: string;
  at: string;
  risk?: number;
  signals?: string;
};

/** The entry is missing or not approved (thrown inside the transaction so nothing is kept). */
export class EntryNotVotable extends Error {}
/** The vote's proof-of-work challenge was used before (thrown inside the transaction so nothing is kept). */
export class ChallengeSpent extends Error {}

/**
 * Spends the challenge, inserts the vote and bumps the count atomically; returns the new count, or null when
 * the slot is taken (the challenge stays spent). Throws ChallengeSpent when the challenge was used before, and
 * EntryNotVotable, or the driver's foreign-key error, when the entry cannot take votes.
 */
export async function insertVote(db: Db, v: VoteRow, challenge?: { signature: string; expiresAt: string }): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (challenge && !(await spendChallenge(trx, challenge))) throw new ChallengeSpent();
    const inserted = await trx
      .insertInto('votes')
      .values({ entry_id: v.entryId, voter_key: v.voterKey, ip: v.ip, slot: v.slot, risk: v.risk ?? 0, signals: v.signals ?? null, created_at: v.at })
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
    await trx
      .insertInto('vote_audit')
      .values({ entry_id: v.entryId, voter_key: v.voterKey, voter_label: v.label ?? null, ip: v.ip, subnet: v.subnet, outcome: 'counted', created_at: v.at })
      .execute();
    return entry.vote_count;
  });
}

export async function insertAudit(
  db: Db,
  row: { entryId: number; voterKey: string; label?: string; ip: string; subnet: string; outcome: string; at: string },
): Promise<void> {
  await db
    .insertInto('vote_audit')
    .values({
      entry_id: row.entryId,
      voter_key: row.voterKey,
      voter_label: row.label ?? null,
      ip: row.ip,
      subnet: row.subnet,
      outcome: row.outcome,
      created_at: row.at,
    })
    .execute();
}

/** Counted votes from one address and from its subnet since a time (what the difficulty rises with); one query. */
export async function countCountedFrom(db: Db, ip: string, subnet: string, since: string): Promise<{ address: number; subnet: number }> {
  const row = await db
    .selectFrom('vote_audit')
    .select((eb) => [eb.fn.countAll<number>().as('subnet'), eb.fn.sum<number>(eb.case().when('ip', '=', ip).then(1).else(0).end()).as('address')])
    .where('subnet', '=', subnet)
    .where('outcome', '=', 'counted')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { address: Number(row.address ?? 0), subnet: Number(row.subnet) };
}

/** Votes on one entry since a time (the burst signal). */
export async function countEntryVotesSince(db: Db, entryId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('votes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entry_id', '=', entryId)
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
