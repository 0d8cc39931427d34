import { buildApp } from './app';
import { createContext } from './bootstrap';
import { forwardJobWakeups, serveHandedConnections } from './cluster/http-worker';
import type { Config } from './config';
import type { DialectName } from './db/database';
import { startBackground } from './lifecycle';

/** After the drain, how long the rest (media worker, queues, mail, database) may take before the process exits anyway. */
export const CLOSE_GRACE_MS = 5_000;

/** The line `npm start` prints once the site answers (tests and benches wait for "is running at"). */
export function runningMessage(config: Config, dialect: DialectName, workers = 1): string {
  const processes = workers > 1 ? `, ${workers} HTTP workers` : '';
  return `\n  Microfilm contest is running at ${config.publicUrl}/home\n  (data in ${config.dataDir}, database ${dialect}${processes})\n`;
}

/**
 * One HTTP server process: migrate, seed on first start, start the background work (lifecycle.ts), serve,
 * and drain on SIGTERM/SIGINT. `server`: the only process. `http`: a worker of cluster/primary.ts, which
 * has already migrated and seeded, runs the background work and says when all its workers listen.
 */
export async function serve(config: Config, role: 'server' | 'http') {
  const ctx = await createContext(role === 'http' ? { ...config, demoContent: false } : config);
  const app = await buildApp(ctx, { logger: { level: ctx.config.logLevel } });
  const background = await startBackground(ctx, app.log, role);
  if (role === 'http') forwardJobWakeups();
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const drainMs = ctx.config.shutdownDrainMs;
    const HTTP = 'http connections';
    const PLUGINS = 'app plugins (rate-limit and readiness Redis)';
    const open = new Set([HTTP, PLUGINS]);
    app.log.info({ signal, drainMs }, 'shutting down: no new connections, in-flight requests may finish');
    // A kept-alive connection whose last request ends during the drain would otherwise stay open until the
    // cut below: close connections as they fall idle, so the process leaves as soon as the work is done.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    // A request still running when the drain ends (a client stalled mid-body) would hold server.close() for
    // minutes: its connection is cut.
    const cut = setTimeout(() => {
      app.log.warn('drain time over: closing the connections still open');
      app.server.closeAllConnections();
    }, drainMs);
    // Nothing that hangs after that (a job hand-back, a database that does not answer) keeps the process alive.
    const hard = setTimeout(() => {
      app.log.error({ stillOpen: [...open, ...background.open()] }, 'shutdown did not finish in time; exiting anyway');
      process.exit(1);
    }, drainMs + CLOSE_GRACE_MS);
    app.server.once('close', () => open.delete(HTTP));
    try {
      // Stops accepting (new requests on kept-alive connections get 503), closes idle connections, waits for
      // in-flight requests, then runs the onClose hooks.
      await app.close();
      clearTimeout(cut);
      clearInterval(sweep);
      open.clear();
      // After the drain, since requests still running may enqueue jobs, send mail and query the database.
      await background.stop();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(hard);
    app.log.info('stopped');
    process.exit(0);
  };
  // `on`, not `once`: a second signal (Ctrl-C reaches the launcher, which passes it on, and this process) must not kill the drain.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (role === 'http') {
    // The primary holds the port and hands this worker its connections (cluster/connection-queue.ts).
    await app.ready();
    serveHandedConnections(app.server);
    return;
  }
  await app.listen({ port: ctx.config.port, host: ctx.config.host });
  console.log(runningMessage(ctx.config, ctx.dialect));
}
