import fs from 'node:fs';
import path from 'node:path';
import { Code } from '../../../../common/errors';
import type { MediaSettings } from '../../config';
import type { AppContext, Log, Worker } from '../../context';
import { nowIso } from '../../db/database';
import { claimExhibitionJob, endExhibitionJob, releaseExhibitionJob, renewExhibitionLease } from '../../db/repos/exhibition-jobs';
import { startJobLoop } from '../jobs/job-loop';
import { handOnJobsOfDeadWorkers } from '../media/dead-workers';
import { generatedName, mediaPaths } from '../media/paths';
import { newWorkerId, retryDelayMs } from '../media/worker';
import { encodeExhibitionVideo, POSTER_FILE, probeExhibitionVideo, VIDEO_FILE } from './encode';
import { EXHIBITION_MEDIA_FOLDER } from './videos';

const later = (ms: number) => nowIso(new Date(Date.now() + ms));

/**
 * Runs the next due exhibition-video conversion (a job on its upload row) under a lease renewed while ffmpeg
 * works. The converted folder is moved into media/exhibitions/ in one rename and kept only if the row still
 * names this worker when it is marked published: a worker that lost its lease (taken for dead and taken
 * over) removes its copy, so a video is published once. A failed attempt is retried with the media
 * pipeline's back-off until MEDIA_MAX_ATTEMPTS; a stopped worker hands the job back without using an attempt.
 * Returns false when no job was due.
 */
export async function runNextExhibitionJob(ctx: AppContext, worker: string, settings: MediaSettings, stop?: AbortSignal): Promise<boolean> {
  const job = await claimExhibitionJob(ctx.db, worker, nowIso(), later(settings.leaseMs));
  if (!job) return false;
  const { id } = job;
  const fail = async (reason: string) => {
    const meta = JSON.stringify({ code: Code.ExhibitionVideoFailed, reason: reason.slice(0, 500) });
    if (await endExhibitionJob(ctx.db, id, worker, { status: 'failed', meta, updated_at: nowIso() }))
      await ctx.storage.removeOriginal(id).catch(() => undefined);
  };
  if (job.attempts > settings.maxAttempts) {
    await fail('the worker stopped during every attempt');
    return true;
  }
  const paths = mediaPaths(ctx.config.dataDir);
  const name = generatedName();
  const work = path.join(paths.work, `exhibition-${name}`);
  const abort = new AbortController();
  const onStop = () => abort.abort();
  stop?.addEventListener('abort', onStop);
  let lost = false;
  let meta: string | undefined;
  const beat = setInterval(
    () =>
      void renewExhibitionLease(ctx.db, id, worker, later(settings.leaseMs), meta, nowIso()).then(
        (held) => {
          if (!held) {
            lost = true;
            abort.abort();
          }
        },
        () => undefined,
      ),
    Math.min(2000, Math.floor(settings.leaseMs / 3)),
  );
  try {
    fs.mkdirSync(work, { recursive: true });
    await ctx.storage.withLocalFile(id, async (file) => {
      const facts = await probeExhibitionVideo(settings.ffprobe, file, abort.signal);
      const result = await encodeExhibitionVideo(file, facts, work, {
        settings,
        signal: abort.signal,
        onProgress: (percent) => (meta = JSON.stringify({ percent, duration: facts.duration })),
      });
      clearInterval(beat);
      if (lost) throw new Error('lease lost');
      const target = path.join(paths.media, EXHIBITION_MEDIA_FOLDER, name);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(work, target); // one rename: a visitor never gets a half-written film
      const base = `/media/${EXHIBITION_MEDIA_FOLDER}/${name}`;
      const published = JSON.stringify({ percent: 100, duration: facts.duration, posterUrl: `${base}/${POSTER_FILE}`, remuxed: result.remuxed });
      if (await endExhibitionJob(ctx.db, id, worker, { status: 'published', public_url: `${base}/${VIDEO_FILE}`, meta: published, updated_at: nowIso() })) {
        await ctx.storage.removeOriginal(id).catch(() => undefined); // private, and no longer needed
      } else {
        fs.rmSync(target, { recursive: true, force: true }); // another worker has it now
      }
    });
  } catch (err) {
    fs.rmSync(work, { recursive: true, force: true });
    if (stop?.aborted) await releaseExhibitionJob(ctx.db, id, worker, null, true);
    else if (!lost) {
      const reason = String((err as Error)?.message ?? err);
      if (job.attempts >= settings.maxAttempts) await fail(reason);
      else await releaseExhibitionJob(ctx.db, id, worker, later(retryDelayMs(settings, job.attempts)), false);
    }
  } finally {
    clearInterval(beat);
    stop?.removeEventListener('abort', onStop);
  }
  return true;
}

/** The exhibition-video worker beside the film worker (lifecycle.ts starts both): polls until stopped, woken when a video arrives. */
export function startExhibitionWorker(ctx: AppContext, settings: MediaSettings, log: Log): Worker {
  const id = newWorkerId();
  return startJobLoop(id, 'exhibition-video worker', settings, log, async (stop) => {
    // A conversion whose worker on this host died is taken up now, not at the end of its lease.
    await handOnJobsOfDeadWorkers(ctx, 'exhibitionVideo', log);
    return runNextExhibitionJob(ctx, id, settings, stop);
  });
}
