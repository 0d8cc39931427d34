import type { Db } from '../database';

/**
 * SQL of the exhibition-video conversion jobs, which live on their upload rows (purpose `exhibitionVideo`,
 * status `processing`). Every change is one conditional UPDATE: a worker writes only while its lease holds.
 */
const PURPOSE = 'exhibitionVideo';

/** Leases the next due conversion for `worker`; undefined when none is due. */
export async function claimExhibitionJob(db: Db, worker: string, now: string, lockedUntil: string): Promise<{ id: string; attempts: number } | undefined> {
  for (;;) {
    const next = await db
      .selectFrom('uploads')
      .select(['id', 'attempts', 'locked_until'])
      .where('purpose', '=', PURPOSE)
      .where('status', '=', 'processing')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('updated_at')
      .executeTakeFirst();
    if (!next) return undefined;
    const taken = await db
      .updateTable('uploads')
      .set({ locked_by: worker, locked_until: lockedUntil, attempts: next.attempts + 1 })
      .where('id', '=', next.id)
      .where('status', '=', 'processing')
      .where('attempts', '=', next.attempts)
      .where((eb) => (next.locked_until === null ? eb('locked_until', 'is', null) : eb('locked_until', '=', next.locked_until)))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { id: next.id, attempts: next.attempts + 1 };
    // Another worker took it first: look again.
  }
}

/** Renews the lease; false when this worker no longer holds it. */
export async function renewExhibitionLease(db: Db, id: string, worker: string, lockedUntil: string, meta: string | undefined, now: string): Promise<boolean> {
  const res = await db
    .updateTable('uploads')
    .set({ locked_until: lockedUntil, updated_at: now, ...(meta ? { meta } : {}) })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends the job as published or failed, only while this worker holds it; false when it did not. */
export async function endExhibitionJob(
  db: Db,
  id: string,
  worker: string,
  values: { status: 'published' | 'failed'; public_url?: string | null; meta: string; updated_at: string },
): Promise<boolean> {
  const res = await db
    .updateTable('uploads')
    .set({ ...values, storage_key: null, locked_by: null, locked_until: null })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Conversions running under a lease, with the worker holding each (to find those whose worker is known to be dead). */
export async function runningExhibitionLeases(db: Db): Promise<{ id: string; locked_by: string | null }[]> {
  return db
    .selectFrom('uploads')
    .select(['id', 'locked_by'])
    .where('purpose', '=', PURPOSE)
    .where('status', '=', 'processing')
    .where('locked_by', 'is not', null)
    .execute();
}

/** Hands the job back to be tried again from `retryAt` (an attempt failed, or the worker stops). */
export async function releaseExhibitionJob(db: Db, id: string, worker: string, retryAt: string | null, undoAttempt: boolean): Promise<void> {
  await db
    .updateTable('uploads')
    .set((eb) => ({ locked_by: null, locked_until: retryAt, ...(undoAttempt ? { attempts: eb('attempts', '-', 1) } : {}) }))
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}
