import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../database';
import type { Database } from '../schema/index';
import type { MediaJobsTable } from '../schema/media';

/** SQL of the media pipeline's job table. Every state change is one conditional UPDATE (no read-then-write). */
export type MediaJob = Selectable<MediaJobsTable>;
export type JobOutputs = Pick<MediaJob, 'output' | 'hls_url' | 'mp4_url' | 'poster_url' | 'preview_url' | 'duration'>;

/** A job another worker may take: queued and due, or running under a lease that has run out. */
function claimable(now: string) {
  return (eb: ExpressionBuilder<Database, 'media_jobs'>) =>
    eb.or([eb.and([eb('status', '=', 'queued'), eb('next_run_at', '<=', now)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]);
}

/** Queues (or re-queues) the film of an entry. Earlier outputs stay served until the new ones are done. */
export async function upsertJob(db: Db, job: { entryId: number; sourcePath: string; maxAttempts: number; now: string }): Promise<MediaJob> {
  const fresh = {
    source_path: job.sourcePath,
    status: 'queued',
    attempts: 0,
    max_attempts: job.maxAttempts,
    next_run_at: job.now,
    locked_by: null,
    locked_until: null,
    progress: 0,
    last_error: null,
    updated_at: job.now,
    finished_at: null,
  };
  return db
    .insertInto('media_jobs')
    .values({ entry_id: job.entryId, created_at: job.now, ...fresh })
    .onConflict((oc) => oc.column('entry_id').doUpdateSet(fresh))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Takes the next due job for `worker` with one conditional UPDATE, so two workers never get the same job. */
export async function claimJob(db: Db, worker: string, now: string, lockedUntil: string): Promise<MediaJob | undefined> {
  return db
    .updateTable('media_jobs')
    .set({ status: 'running', locked_by: worker, locked_until: lockedUntil, attempts: sql`attempts + 1`, progress: 0, updated_at: now })
    .where((eb) =>
      eb(
        'id',
        '=',
        eb
          .selectFrom('media_jobs as j')
          .select('j.id')
          .where(claimable(now) as never)
          .orderBy('j.next_run_at')
          .orderBy('j.id')
          .limit(1),
      ),
    )
    .where(claimable(now))
    .returningAll()
    .executeTakeFirst();
}

/** Stores progress and extends the lease; false when the worker no longer holds the job. */
export async function heartbeat(db: Db, id: number, worker: string, progress: number, now: string, lockedUntil: string): Promise<boolean> {
  const res = await db
    .updateTable('media_jobs')
    .set({ progress, locked_until: lockedUntil, updated_at: now })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks the job done with its outputs; false (nothing written) when the lease was lost meanwhile. */
export async function completeJob(db: Db, id: number, worker: string, outputs: JobOutputs, now: string): Promise<boolean> {
  const res = await db
    .updateTable('media_jobs')
    .set({ ...outputs, status: 'done', progress: 100, locked_by: null, locked_until: null, last_error: null, updated_at: now, finished_at: now })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Claims one entry's job whatever its lease (the BullMQ queue: BullMQ's job lock already says this worker
 * alone runs it, and a dead worker's row is taken over). Done, failed or deleted jobs are left alone.
 */
export async function claimEntryJob(db: Db, entryId: number, worker: string, now: string, lockedUntil: string): Promise<MediaJob | undefined> {
  return db
    .updateTable('media_jobs')
    .set({ status: 'running', locked_by: worker, locked_until: lockedUntil, attempts: sql`attempts + 1`, progress: 0, updated_at: now })
    .where('entry_id', '=', entryId)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
}

/** Jobs not finished (queued or running), for handing them to an external queue again. */
export async function listUnfinishedJobs(db: Db): Promise<Pick<MediaJob, 'entry_id' | 'max_attempts'>[]> {
  return db.selectFrom('media_jobs').select(['entry_id', 'max_attempts']).where('status', 'in', ['queued', 'running']).orderBy('next_run_at').execute();
}

/**
 * Records a failed attempt: back to the queue at `retryAt`, or failed for good once attempts are used up.
 * Returns the new status ('queued' or 'failed'), or undefined when `worker` no longer held the job.
 */
export async function failAttempt(db: Db, id: number, worker: string, error: string, now: string, retryAt: string): Promise<string | undefined> {
  const row = await db
    .updateTable('media_jobs')
    .set({
      status: sql`case when attempts >= max_attempts then 'failed' else 'queued' end`,
      next_run_at: retryAt,
      last_error: error.slice(0, 2000),
      locked_by: null,
      locked_until: null,
      updated_at: now,
      finished_at: sql`case when attempts >= max_attempts then ${now} else null end`,
    })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .returning('status')
    .executeTakeFirst();
  return row?.status;
}

/** Hands a job back untouched (graceful shutdown): the attempt does not count. */
export async function releaseJob(db: Db, id: number, worker: string, now: string): Promise<void> {
  await db
    .updateTable('media_jobs')
    .set({ status: 'queued', attempts: sql`attempts - 1`, locked_by: null, locked_until: null, progress: 0, updated_at: now })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Points a job's outputs at the folder they were moved to (`from` -> `to`, generated names); false when the
 * job no longer has `from` (a re-run published a newer folder meanwhile).
 */
export async function moveJobOutput(db: Db, id: number, from: string, to: string, now: string): Promise<boolean> {
  const moved = (column: 'hls_url' | 'mp4_url' | 'poster_url' | 'preview_url') => sql<string | null>`replace(${sql.ref(column)}, ${`/${from}/`}, ${`/${to}/`})`;
  const res = await db
    .updateTable('media_jobs')
    .set({
      output: to,
      hls_url: moved('hls_url'),
      mp4_url: moved('mp4_url'),
      poster_url: moved('poster_url'),
      preview_url: moved('preview_url'),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('output', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function findJobByEntry(db: Db, entryId: number): Promise<MediaJob | undefined> {
  return db.selectFrom('media_jobs').selectAll().where('entry_id', '=', entryId).executeTakeFirst();
}

export async function deleteJobByEntry(db: Db, entryId: number): Promise<void> {
  await db.deleteFrom('media_jobs').where('entry_id', '=', entryId).execute();
}

/** Every published output folder name (for the sweep of folders no job refers to any more). */
export async function listOutputs(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('media_jobs').select('output').where('output', 'is not', null).execute();
  return new Set(rows.map((r) => r.output as string));
}

/** The jobs and entry fields of a page of entries at once (console and My entries lists: no N+1). */
export async function findJobsByEntries(db: Db, entryIds: number[]): Promise<MediaJob[]> {
  if (entryIds.length === 0) return [];
  return db.selectFrom('media_jobs').selectAll().where('entry_id', 'in', entryIds).execute();
}
