import type { Db } from '../../database';

/** SQL of the delayed counts: one snapshot row per approved entry, retaken as a whole. */
export async function snapshotTakenAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('vote_count_snapshots')
    .select((eb) => eb.fn.max('taken_at').as('at'))
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

export async function snapshotCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('vote_count_snapshots').select(['entry_id', 'vote_count']).where('entry_id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.entry_id), Number(r.vote_count)]));
}
