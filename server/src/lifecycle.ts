import type { AppContext, Log } from './context';
import { sweepOrphanFiles } from './services/cleanup/orphan-files';
import { startExhibitionWorker } from './services/exhibition-video/worker';
import { startResultsMailer } from './services/jury/results-mailer';
import { ffmpegAvailable } from './services/media/ffmpeg';
import { startNoticeMailer } from './services/notices/notice-mailer';
import { applyRetention } from './services/privacy/retention';

/**
 * The one place background work starts and stops, so route plugins only answer requests. Started after
 * the app is built (serve.ts, a cluster's primary: cluster/primary.ts, cli/worker.ts, the test app),
 * stopped after the HTTP drain, in the reverse order of start: privacy retention -> upload sweep -> exhibition-video worker ->
 * media worker -> results mailer (its mail in flight sent) -> media queue (BullMQ's Redis) -> mailer -> vote batches (the last votes written) -> database. The rate-limit and /readyz Redis clients are not here: they serve requests
 * only, so they close with the app (`app.close()`), before this runs.
 */
type LifecycleLog = Log & { warn: (msg: string) => void };

/**
 * `server`: the upload sweep, the results mailer, and the media worker unless `config.media.worker` is off (a single server, or the
 * primary of a cluster, cluster/primary.ts). `worker` (`npm run worker`): the media worker only. `http`: an
 * HTTP worker of a cluster: no background work (its primary runs it once for all), only what requests use.
 */
export type Role = 'server' | 'worker' | 'http';

export type Background = {
  /** What is still running, in the order `stop` takes it down (a shutdown that hangs names these). */
  open(): string[];
  /** Stops everything in the reverse order of start; safe to call again after a part failed. */
  stop(): Promise<void>;
};

const UPLOAD_SWEEP_EVERY_MS = 60 * 60_000;
const RETENTION_EVERY_MS = 60 * 60_000;

type Part = { name: string; stop: () => unknown };

export async function startBackground(ctx: AppContext, log: LifecycleLog, role: Role = 'server'): Promise<Background> {
  // Opened by createContext, closed last: everything started below uses them.
  const parts: Part[] = [
    { name: 'database', stop: () => ctx.db.destroy() },
    { name: 'vote batches', stop: () => ctx.votes.close() },
    { name: 'mailer', stop: () => ctx.mailer.close() },
    { name: 'media queue', stop: () => ctx.mediaQueue.close() },
  ];
  if (role === 'server') {
    // The entrants' results mails, in the background (services/jury/results.ts); one process per site runs it.
    const mailer = startResultsMailer(ctx, log);
    parts.push({ name: 'results mailer', stop: () => mailer.stop() });
    // Reminders and announcements (services/notices), on the same shared job loop.
    const notices = startNoticeMailer(ctx, log);
    parts.push({ name: 'notice mailer', stop: () => notices.stop() });
  }
  const media = ctx.config.media;
  // An HTTP worker of a cluster neither runs nor checks for ffmpeg: its primary does, once.
  if (role !== 'http' && !(await ffmpegAvailable(media.ffmpeg))) {
    log.warn('ffmpeg not found: films are accepted and wait for processing until a worker with ffmpeg runs');
  } else if (role === 'worker' || (role === 'server' && media.worker)) {
    const worker = ctx.mediaQueue.startWorker(ctx, media, log);
    parts.push({ name: 'media worker', stop: () => worker.stop() });
    // Exhibition videos are leased from their upload rows whichever queue schedules the films.
    const exhibitions = startExhibitionWorker(ctx, media, log);
    parts.push({ name: 'exhibition-video worker', stop: () => exhibitions.stop() });
  }
  if (role === 'server') {
    // Unfinished and unused uploads, then files nothing refers to (services/cleanup); the timer never keeps the process alive.
    const timer = setInterval(() => void sweepOrphanFiles(ctx).catch((err) => log.error(err, 'upload and orphaned-file sweep failed')), UPLOAD_SWEEP_EVERY_MS);
    timer.unref();
    parts.push({ name: 'upload sweep', stop: () => clearInterval(timer) });
    // Addresses past the organiser's retention period are cut to their network (services/privacy/retention.ts).
    const retention = setInterval(() => void applyRetention(ctx).catch((err) => log.error(err, 'privacy retention failed')), RETENTION_EVERY_MS);
    retention.unref();
    parts.push({ name: 'privacy retention', stop: () => clearInterval(retention) });
  }
  return {
    open: () => parts.map((p) => p.name).reverse(),
    async stop() {
      for (let part = parts.at(-1); part; part = parts.at(-1)) {
        await part.stop();
        parts.pop(); // only once stopped, so open() still names a part that hangs
      }
    },
  };
}
