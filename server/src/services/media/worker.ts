import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MediaSettings } from '../../config';
import type { AppContext, Log, Worker } from '../../context';
import { nowIso } from '../../db/database';
import { claimJob, completeJob, failAttempt, heartbeat, type MediaJob, releaseJob } from '../../db/repos/media';
import { startJobLoop } from '../jobs/job-loop';
import { handOnJobsOfDeadWorkers } from './dead-workers';
import { mediaPaths, removeRendition, removeWorkFolders } from './paths';
import { publishWorkFolder } from './publish';
import { withSourceFile } from './source';
import { sweepOrphanRenditions } from './sweep';
import { transcodeFilm } from './transcode';

const SWEEP_EVERY_MS = 3_600_000;

/**
 * The worker: claims due jobs one at a time, keeps its lease alive while ffmpeg runs (storing progress),
 * and publishes the outputs by moving the finished work folder into renditions/ in one rename. A job whose
 * lease is lost (taken over, re-queued, deleted) is abandoned and its outputs discarded, so a film is never
 * published twice.
 */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

const later = (ms: number) => nowIso(new Date(Date.now() + ms));

/** Runs one due job to its end; returns it, or undefined when none was due. `stop` hands the job back. */
export async function processNextJob(ctx: AppContext, workerId: string, settings: MediaSettings, stop?: AbortSignal): Promise<MediaJob | undefined> {
  const job = await claimJob(ctx.db, workerId, nowIso(), later(settings.leaseMs));
  if (!job) return undefined;
  await runClaimedJob(ctx, job, workerId, settings, stop);
  return job;
}

/**
 * How a claimed job ended: published (`done`); attempt failed and `retry` later or `failed` for good (the
 * row has the error); `lost` its lease (re-queued, deleted or taken over: nothing published); `released`
 * by `stop` without using an attempt.
 */
export type RunOutcome = { result: 'done' | 'retry' | 'failed' | 'lost' | 'released'; error?: string };

export const retryDelayMs = (settings: MediaSettings, attempts: number) => settings.retryBaseMs * 2 ** Math.max(0, attempts - 1);

/** Runs a job this worker has just claimed (either queue) and records the outcome on its row. */
export async function runClaimedJob(ctx: AppContext, job: MediaJob, workerId: string, settings: MediaSettings, stop?: AbortSignal): Promise<RunOutcome> {
  const { dataDir } = ctx.config;
  const started = Date.now();
  if (job.attempts > job.max_attempts) {
    // Every attempt died with its worker (e.g. the film crashes ffmpeg's host): stop trying.
    const error = 'worker stopped during every attempt';
    const status = await failAttempt(ctx.db, job.id, workerId, error, nowIso(), nowIso());
    return status ? { result: 'failed', error } : { result: 'lost' };
  }
  removeWorkFolders(dataDir, job.id); // a dead worker's half-written folder
  const paths = mediaPaths(dataDir);
  const work = path.join(paths.work, `${job.id}-${randomBytes(6).toString('hex')}`);
  fs.mkdirSync(work, { recursive: true });

  const abort = new AbortController();
  const onStop = () => abort.abort();
  stop?.addEventListener('abort', onStop);
  if (stop?.aborted) abort.abort(); // stopped between the claim and here
  let lost = false;
  let progress = 0;
  // Renew often enough that progress shows, and well within the lease.
  const every = Math.min(2000, Math.floor(settings.leaseMs / 3));
  let beating = true;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const held = await heartbeat(ctx.db, job.id, workerId, progress, nowIso(), later(settings.leaseMs)).catch(() => true);
    if (!beating) return;
    if (!held) {
      lost = true;
      abort.abort();
    } else timer = setTimeout(tick, every);
  };
  timer = setTimeout(tick, every);
  const stopBeat = () => {
    beating = false;
    clearTimeout(timer);
  };

  let outcome: RunOutcome;
  try {
    const out = await withSourceFile(ctx, job.source_path, (file) =>
      transcodeFilm(file, work, { settings, signal: abort.signal, onProgress: (p) => (progress = p) }),
    );
    stopBeat();
    if (lost) throw new Error('lease lost');
    const outputs = publishWorkFolder(dataDir, work, out);
    const name = outputs.output as string;
    if (await completeJob(ctx.db, job.id, workerId, outputs, nowIso())) {
      if (job.output !== name) removeRendition(dataDir, job.output); // the previous run's files
      outcome = { result: 'done' };
    } else {
      removeRendition(dataDir, name);
      outcome = { result: 'lost' };
    }
  } catch (err) {
    stopBeat();
    fs.rmSync(work, { recursive: true, force: true });
    if (stop?.aborted) {
      await releaseJob(ctx.db, job.id, workerId, nowIso());
      outcome = { result: 'released' };
    } else if (lost) outcome = { result: 'lost' };
    else {
      const error = err instanceof Error ? err.message : String(err);
      const status = await failAttempt(ctx.db, job.id, workerId, error, nowIso(), later(retryDelayMs(settings, job.attempts)));
      outcome = status ? { result: status === 'failed' ? 'failed' : 'retry', error } : { result: 'lost' };
    }
  } finally {
    stop?.removeEventListener('abort', onStop);
  }
  ctx.metrics.mediaJobDuration.observe({ result: outcome.result }, (Date.now() - started) / 1000);
  return outcome;
}

/**
 * The database queue's worker: polls for jobs until stopped; stopping hands the running job back to the
 * queue without using an attempt. (The BullMQ queue has its own, queue-bullmq.ts.)
 */
export function startWorker(ctx: AppContext, settings: MediaSettings, log: Log): Worker {
  const id = newWorkerId();
  log.info(`media worker ${id} started`);
  let swept = 0;
  return startJobLoop(id, 'media worker', settings, log, async (stop) => {
    if (Date.now() - swept > SWEEP_EVERY_MS) {
      swept = Date.now();
      await sweepOrphanRenditions(ctx).catch((err) => log.error(err, 'media worker: sweep failed'));
    }
    // A job whose worker on this host died is taken up now, not at the end of its lease.
    await handOnJobsOfDeadWorkers(ctx, 'film', log);
    return (await processNextJob(ctx, id, settings, stop)) !== undefined;
  });
}
