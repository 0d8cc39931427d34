import { Code } from '../../../../common/errors';
import type { MediaStatus, MediaStatusName } from '../../../../common/media';
import type { MediaSettings } from '../../config';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { findEntriesForMedia, findEntryForMedia } from '../../db/repos/entries/repository';
import { deleteJobByEntry, findJobByEntry, findJobsByEntries, type MediaJob, upsertJob } from '../../db/repos/media';
import { AppError } from '../../errors';
import { removeRendition, removeWorkFolders } from './paths';
import { entryFilmSource } from './source';

/**
 * The pipeline's interface for other areas: queue an entry's film, read its playback state, remove its
 * media. `sourcePath` is a local file the worker can read, or `storage:<key>` (see source.ts) for a private
 * original in ctx.storage; it is never served.
 */
export async function enqueueTranscode(ctx: AppContext, entryId: number, sourcePath: string, settings: MediaSettings = ctx.config.media): Promise<MediaJob> {
  const job = await upsertJob(ctx.db, { entryId, sourcePath, maxAttempts: settings.maxAttempts, now: nowIso() });
  await ctx.mediaQueue.enqueue(job, settings);
  return job;
}

/** The organiser's re-run: queues the entry's film again from its job's source (7001 when it has none). */
export async function rerunTranscode(ctx: AppContext, entryId: number): Promise<MediaJob> {
  const job = await findJobByEntry(ctx.db, entryId);
  if (!job) throw new AppError(Code.FilmNotFound);
  return enqueueTranscode(ctx, entryId, job.source_path);
}

/** Queues the entry's uploaded film (call after submit or when the film is replaced); false when it has none. */
export async function enqueueEntryFilm(ctx: AppContext, entryId: number): Promise<boolean> {
  const source = await entryFilmSource(ctx, entryId);
  if (!source) return false;
  await enqueueTranscode(ctx, entryId, source);
  return true;
}

/**
 * An entry's playback sources and state, from its job row: the one place every player (gallery, console,
 * My entries) reads a film from, whether the entry was seeded or submitted. Before a job has published
 * anything there is nothing to play: the original upload is private and never served.
 */
export function statusOf(job: MediaJob | undefined, entry: { video_cover_url: string | null }): MediaStatus {
  const done = job?.hls_url ? job : undefined; // earlier outputs keep playing while a re-run is queued
  return {
    status: (job?.status as MediaStatusName | undefined) ?? 'none',
    progress: job?.status === 'done' ? 100 : (job?.progress ?? 0),
    hls: done?.hls_url ?? null,
    mp4: done?.mp4_url ?? null,
    poster: entry.video_cover_url ?? done?.poster_url ?? null,
    preview: done?.preview_url ?? null,
    duration: done?.duration ?? null,
    attempts: job?.attempts ?? 0,
    error: job?.last_error ?? null,
  };
}

/** The state as the public sees it: why an attempt failed is for the entrant and the organiser only. */
export function publicStatus(status: MediaStatus): MediaStatus {
  return { ...status, error: null, attempts: 0 };
}

export async function getMediaStatus(ctx: AppContext, entryId: number): Promise<MediaStatus> {
  const entry = await findEntryForMedia(ctx.db, entryId);
  if (!entry) throw new AppError(Code.FilmNotFound);
  return statusOf(await findJobByEntry(ctx.db, entryId), entry);
}

/** The states of many entries at once (unknown ids are left out), for lists in the console and My entries. */
export async function getMediaStatuses(ctx: AppContext, entryIds: number[]): Promise<Map<number, MediaStatus>> {
  const ids = [...new Set(entryIds)];
  const [entries, jobs] = await Promise.all([findEntriesForMedia(ctx.db, ids), findJobsByEntries(ctx.db, ids)]);
  const byEntry = new Map(jobs.map((j) => [j.entry_id, j]));
  return new Map(entries.map((e) => [e.id, statusOf(byEntry.get(e.id), e)]));
}

/** Deletes an entry's renditions and job; call it before deleting the entry. A running job loses its lease. */
export async function removeEntryMedia(ctx: AppContext, entryId: number): Promise<void> {
  const job = await findJobByEntry(ctx.db, entryId);
  if (!job) return;
  await deleteJobByEntry(ctx.db, entryId);
  removeRendition(ctx.config.dataDir, job.output);
  removeWorkFolders(ctx.config.dataDir, job.id);
}
