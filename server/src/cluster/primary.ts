import cluster, { type Worker } from 'node:cluster';
import { createContext } from '../bootstrap';
import type { Config } from '../config';
import { startBackground } from '../lifecycle';
import { lineLog as log } from '../line-log';
import { CLOSE_GRACE_MS, runningMessage } from '../serve';
import { jobQueued } from '../services/jobs/wake';
import { ConnectionQueue } from './connection-queue';
import { isWorkerMessage } from './messages';
import { clusterRefusal } from './refusal';

/** A worker that dies sooner than this after it started fails quickly: each such replacement waits longer (a crash loop must not spin). */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 10_000;

/**
 * WORKERS > 1: this process migrates and seeds once, runs the background work once (media and exhibition-video
 * workers, the hourly sweep: lifecycle.ts, `server` role), listens on the port itself and forks WORKERS HTTP
 * workers (node:cluster), handing them connections in turn (connection-queue.ts: the port stays open while no
 * worker is ready). It prints "is running at" once every worker is ready; a worker that dies later is replaced,
 * one replacement at a time (one that dies before that fails the start). SIGTERM/SIGINT pass SIGTERM to every
 * worker, which drains as a single server does (serve.ts); once all have exited, the background work stops.
 * Exit 0 when every worker stopped cleanly, else 1.
 */
export async function runPrimary(config: Config): Promise<void> {
  const refusal = clusterRefusal(config);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const ctx = await createContext(config);
  const connections = new ConnectionQueue(config.connections.max);
  try {
    await connections.listen(config.port, config.host);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
  const background = await startBackground(ctx, log, 'server');
  /** Workers alive, with the time each started. */
  const alive = new Map<Worker, number>();
  const ready = new Set<Worker>();
  let up = false;
  let stopping = false;
  let quickDeaths = 0;
  /** Replacements owed, and whether one is starting now: they start one at a time, each once the last is ready. */
  let owed = 0;
  let replacing = false;

  const replaceNext = () => {
    if (stopping || replacing || owed === 0) return;
    owed--;
    replacing = true;
    const delayMs = quickDeaths ? Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** quickDeaths) : 0;
    setTimeout(() => (stopping ? undefined : fork()), delayMs);
  };

  const fork = () => {
    const worker = cluster.fork();
    alive.set(worker, Date.now());
    worker.on('message', (message) => {
      if (!isWorkerMessage(message)) return;
      if (message.mfc === 'job-queued') return jobQueued();
      if (message.mfc === 'took') return connections.took(message.id);
      ready.add(worker);
      connections.add(worker);
      if (up) {
        log.info('HTTP worker listening', { worker: worker.process.pid, waited: connections.waitingCount });
        replacing = false;
        replaceNext();
      } else if (ready.size === config.workers) {
        up = true;
        console.log(runningMessage(ctx.config, ctx.dialect, config.workers));
      }
    });
    worker.once('exit', (code, signal) => {
      const lived = Date.now() - (alive.get(worker) ?? 0);
      const wasReady = ready.delete(worker);
      alive.delete(worker);
      connections.remove(worker);
      if (stopping) return;
      if (!up) {
        log.error(undefined, 'an HTTP worker exited before every worker was listening; stopping', { worker: worker.process.pid, code, signal });
        void shutdown('start failed', true);
        return;
      }
      // A replacement that died before it was ready frees the turn for the next one, after a longer pause.
      if (!wasReady) replacing = false;
      quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
      owed++;
      log.warn('HTTP worker exited; starting another', { worker: worker.process.pid, code, signal, owed });
      replaceNext();
    });
  };

  const shutdown = async (reason: string, failed = false) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down: the HTTP workers drain, then the background work stops', { reason, workers: alive.size });
    connections.close();
    const exits = [...alive.keys()].map(
      (worker) =>
        new Promise<boolean>((resolve) => {
          worker.once('exit', (code) => resolve(code === 0));
          worker.process.kill('SIGTERM');
        }),
    );
    // Each worker exits by itself within its drain and grace; one that does not is killed, and the exit says so.
    const hard = setTimeout(
      () => {
        log.error(undefined, 'HTTP workers still running after their drain; killing them', { workers: [...alive.keys()].map((w) => w.process.pid) });
        for (const worker of alive.keys()) worker.process.kill('SIGKILL');
      },
      ctx.config.shutdownDrainMs + CLOSE_GRACE_MS + 2000,
    );
    const clean = (await Promise.all(exits)).every(Boolean);
    clearTimeout(hard);
    const stuck = setTimeout(() => {
      log.error(undefined, 'shutdown did not finish in time; exiting anyway', { stillOpen: background.open() });
      process.exit(1);
    }, CLOSE_GRACE_MS);
    try {
      await background.stop();
    } catch (err) {
      log.error(err, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(stuck);
    log.info('stopped');
    process.exit(clean && !failed ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  for (let i = 0; i < config.workers; i++) fork();
}
