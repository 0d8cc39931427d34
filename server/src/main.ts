import cluster from 'node:cluster';
import { runPrimary } from './cluster/primary';
import { loadConfig } from './config';
import { ConfigError } from './config-reader';
import { serve } from './serve';

/**
 * `npm start` (build/server/main.js): one server process (serve.ts), or with WORKERS > 1 a primary that
 * runs the background work and WORKERS HTTP workers sharing the port (cluster/primary.ts); each worker runs
 * this file again and serves.
 */
async function main() {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, 'http');
  if (config.workers > 1) return runPrimary(config);
  return serve(config, 'server');
}

main().catch((err) => {
  // A refused setting is the operator's to fix: the list of settings says what, a stack trace would not.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
