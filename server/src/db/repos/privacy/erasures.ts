import type { Db } from '../../database';

/** The erasure record (migration 0028): one row per erased person, written in the erasure's transaction. */
export function insertErasure(db: Db, row: { user_id: number; admin_id: number | null; counts: string; created_at: string }) {
  return db.insertInto('erasures').values(row).execute();
}

/** Newest first, with the organiser's current address when an organiser did it. */
export async function listErasures(db: Db, offset: number, limit: number) {
  const rows = await db
    .selectFrom('erasures')
    .leftJoin('users', 'users.id', 'erasures.admin_id')
    .select(['erasures.id', 'erasures.user_id', 'erasures.admin_id', 'erasures.counts', 'erasures.created_at', 'users.email as admin_email'])
    .orderBy('erasures.created_at', 'desc')
    .orderBy('erasures.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const total = await db
    .selectFrom('erasures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows, total: Number(total?.n ?? 0) };
}
