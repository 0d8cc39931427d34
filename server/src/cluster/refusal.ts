import type { Config } from '../config';

/**
 * Why this configuration cannot run several HTTP workers, or undefined when it can. SQLite has one writer:
 * workers in separate processes would queue behind its lock (a deferred transaction that meets another
 * process's write fails at once with SQLITE_BUSY, busy_timeout or not) and each would group its votes apart.
 * Without Redis each worker would keep its own rate-limit counters (N times the limits) and its own
 * upload locks (two workers could write one upload at once).
 */
export function clusterRefusal(config: Config): string | undefined {
  if (config.workers <= 1) return undefined;
  const missing = [
    config.databaseUrl.startsWith('sqlite:')
      ? 'PostgreSQL (DATABASE_URL=postgres://...): SQLite has one writer, which workers in separate processes would queue behind'
      : '',
    config.redisUrl ? '' : 'Redis (REDIS_URL): without it each worker keeps its own rate limits and resumable-upload locks',
  ].filter(Boolean);
  if (!missing.length) return undefined;
  return `WORKERS=${config.workers} needs ${missing.join('; and ')}. Set WORKERS=1 (the default) or configure ${missing.length > 1 ? 'both' : 'it'}.`;
}
