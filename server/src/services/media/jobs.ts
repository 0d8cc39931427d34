import type { MediaStatus, MediaStatusName } from '../../../../common/media';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { deleteJobByEntry, findEntriesForMedia, findEntryForMedia, findJobByEntry, findJobsByEntries, type MediaJob, upsertJob } from '../../db/repos/media';
import { AppError } from '../../errors';
import { RENDITIONS_URL, removeRendition, removeWorkFolders } from './paths';
import { type MediaSettings, mediaSettings } from './settings';
import { entryFilmSource } from './source';

/**
 * The pipeline's interface for other areas: queue an entry's film, read its playback state, remove its
 * media. `sourcePath` is a local file the worker can read, or `storage:<key>` (see source.ts) for a private
 * original in ctx.storage; it is never served.
 */
export async function enqueueTranscode(ctx: AppContext, entryId: number, sourcePath: string, settings: MediaSettings = mediaSettings()): Promise<MediaJob> {
  const job = await upsertJob(ctx.db, { entryId, sourcePath, maxAttempts: settings.maxAttempts, now: nowIso() });
  await ctx.mediaQueue.enqueue(job, settings);
  return job;
}

/** A film the browser plays as it is (while no rendition exists, or when ffmpeg is missing). */
export function browserPlayable(url: string | null): url is string {
  return !!url && /\.(mp4|m4v|webm)(\?.*)?$/i.test(url);
}

/** Queues the entry's uploaded film (call after submit or when the film is replaced); false when it has none. */
export async function enqueueEntryFilm(ctx: AppContext, entryId: number, settings: MediaSettings = mediaSettings()): Promise<boolean> {
  const source = await entryFilmSource(ctx, entryId);
  if (!source) return false;
  await enqueueTranscode(ctx, entryId, source, settings);
  return true;
}

export function statusOf(job: MediaJob | undefined, entry: { video_url: string | null; video_cover_url: string | null }): MediaStatus {
  const done = job?.hls_url ? job : undefined; // earlier outputs keep playing while a re-run is queued
  return {
    status: (job?.status as MediaStatusName | undefined) ?? 'none',
    progress: job?.status === 'done' ? 100 : (job?.progress ?? 0),
    hls: done?.hls_url ?? null,
    mp4: done?.mp4_url ?? (browserPlayable(entry.video_url) ? entry.video_url : null),
    poster: entry.video_cover_url ?? done?.poster_url ?? null,
    preview: done?.preview_url ?? null,
    duration: done?.duration ?? null,
    attempts: job?.attempts ?? 0,
    error: job?.last_error ?? null,
  };
}

export async function getMediaStatus(ctx: AppContext, entryId: number): Promise<MediaStatus> {
  const entry = await findEntryForMedia(ctx.db, entryId);
  if (!entry) throw new AppError(7001);
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

export function renditionUrl(name: string, file: string): string {
  return `${RENDITIONS_URL}/${name}/${file}`;
}
