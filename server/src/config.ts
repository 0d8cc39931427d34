import path from 'node:path';
import { assertTimeZone } from './services/contest/contest-day';

/**
 * Every setting of the server, read once from the environment. The README's settings table lists them;
 * keep the two in step. Defaults give the embedded set-up (SQLite, local disk, outbox mail).
 */
export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  organiserEmail: string;
  trustProxy: boolean | string;
  cookieSecret: string;
  demoContent: boolean;
  redisUrl: string | undefined;
  /** Starts every Redis key the app writes (rate limits, media queue), so several sites can share one Redis. */
  redisPrefix: string;
  sessionIdleMinutes: number;
  sessionAbsoluteDays: number;
  voteBlocklistFile: string | undefined;
  /** IANA zone whose midnight starts a contest day (per-day voting, "votes today"). */
  contestTimezone: string;
  logLevel: string;
  webDir: string;
  /** On SIGTERM/SIGINT, how long in-flight requests may run before their connections are closed. */
  shutdownDrainMs: number;
};

/** Where contact messages go until the organiser names an address: a placeholder no mail reaches. */
export const PLACEHOLDER_ORGANISER_EMAIL = 'organiser@localhost';

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const trust = env.TRUST_PROXY;
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'contest.sqlite')}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Microfilm Contest <no-reply@localhost>',
    organiserEmail: env.ORGANISER_EMAIL || PLACEHOLDER_ORGANISER_EMAIL,
    trustProxy: trust === undefined || trust === '' ? false : trust === 'true' ? true : trust,
    cookieSecret: env.COOKIE_SECRET || '',
    demoContent: bool(env.DEMO_CONTENT, true),
    redisUrl: env.REDIS_URL || undefined,
    // MEDIA_QUEUE_PREFIX is the older name, from when only the media queue was prefixed.
    redisPrefix: env.REDIS_PREFIX || env.MEDIA_QUEUE_PREFIX || 'microfilm',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 7 * 24 * 60),
    sessionAbsoluteDays: int(env.SESSION_ABSOLUTE_DAYS, 30),
    voteBlocklistFile: env.VOTE_BLOCKLIST_FILE || undefined,
    contestTimezone: assertTimeZone(env.CONTEST_TIMEZONE || 'Asia/Shanghai'),
    logLevel: env.LOG_LEVEL || 'info',
    webDir: path.resolve(env.WEB_DIR || 'build/web'),
    shutdownDrainMs: int(env.SHUTDOWN_DRAIN_MS, 10_000),
    ...overrides,
  };
}
