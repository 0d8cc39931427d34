import type { Db } from '../../database';

/** SQL of the delayed counts: one snapshot row per approved entry, retaken as a whole. */
export async function snapshotTakenAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('vote_count_snapshots')
    .select((eb) => eb.fn.max('taken_at').as('at'))
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/** Copies every approved entry's count now; a retake racing another one writes the same rows (upsert). */
export async function takeSnapshot(db: Db, at: string): Promise<void> {
  await db
    .insertInto('vote_count_snapshots')
    .columns(['entry_id', 'vote_count', 'taken_at'])
    .expression((eb) =>
      eb
        .selectFrom('entries')
        .select(['id', 'vote_count', eb.val(at).as('taken_at')])
        .where('status', '=', 'approved'),
    )
    .onConflict((oc) => oc.column('entry_id').doUpdateSet((eb) => ({ vote_count: eb.ref('excluded.vote_count'), taken_at: eb.ref('excluded.taken_at') })))
    .execute();
}

export async function snapshotCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('vote_count_snapshots').select(['entry_id', 'vote_count']).where('entry_id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.entry_id), Number(r.vote_count)]));
}
