import { sql } from 'kysely';
import type { Db } from '../../database';

/** SQL of voting (the writes are group commits: vote-batch.ts). The UNIQUE slot refuses a second vote. */
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

export async function slotTaken(db: Db, slot: string): Promise<boolean> {
  return Boolean(await db.selectFrom('votes').select('id').where('slot', '=', slot).executeTakeFirst());
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

/**
 * Counted votes since a time by address, subnet and minute (`minute`: the ISO text up to the minute): what
 * the in-memory counters start from, one query. Old rows without a subnet give null.
 */
export async function countedByMinute(db: Db, since: string): Promise<{ ip: string; subnet: string | null; minute: string; n: number }[]> {
  const minute = sql<string>`substr(created_at, 1, 16)`;
  const rows = await db
    .selectFrom('vote_audit')
    .select((eb) => ['ip', 'subnet', minute.as('minute'), eb.fn.countAll<number>().as('n')])
    .where('outcome', '=', 'counted')
    .where('created_at', '>', since)
    .groupBy(['ip', 'subnet', minute])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Votes since a time by entry and second (`second`: the ISO text up to the second); one query. */
export async function votesBySecond(db: Db, since: string): Promise<{ entryId: number; second: string; n: number }[]> {
  const second = sql<string>`substr(created_at, 1, 19)`;
  const rows = await db
    .selectFrom('votes')
    .select((eb) => ['entry_id', second.as('second'), eb.fn.countAll<number>().as('n')])
    .where('created_at', '>', since)
    .groupBy(['entry_id', second])
    .execute();
  return rows.map((r) => ({ entryId: r.entry_id, second: r.second, n: Number(r.n) }));
}
