import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { parseTrustProxy, type TrustProxy } from './net/ip';
import { assertTimeZone } from './services/contest/contest-day';

/**
 * Every setting of the server, read once from the environment here and nowhere else: services get them
 * as `ctx.config`. The README's settings table lists them; keep the two in step. Defaults give the
 * embedded set-up (SQLite, local disk, outbox mail).
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
  /** TRUST_PROXY: which proxies' X-Forwarded-For is believed (net/ip.ts); `true` is refused at start. */
  trustProxy: TrustProxy;
  cookieSecret: string;
  demoContent: boolean;
  /** MIGRATE_ON_START (default true): false = a server refuses to start on a database with pending migrations (`npm run migrate` runs them). */
  migrateOnStart: boolean;
  redisUrl: string | undefined;
  /** Starts every Redis key the app writes (rate limits, media queue), so several sites can share one Redis. */
  redisPrefix: string;
  sessionIdleMinutes: number;
  sessionAbsoluteDays: number;
  voteBlocklistFile: string | undefined;
  /** VOTE_BATCH_MS: how long the first vote of a batch waits for others (0: until the current I/O turn ends). */
  voteBatchMs: number;
  /** IANA zone whose midnight starts a contest day (per-day voting, "votes today"). */
  contestTimezone: string;
  logLevel: string;
  webDir: string;
  /** On SIGTERM/SIGINT, how long in-flight requests may run before their connections are closed. */
  shutdownDrainMs: number;
  auth: AuthSettings;
  media: MediaSettings;
  /** Uploaded originals in an S3-compatible bucket; undefined (no S3_BUCKET) = local disk. */
  s3: S3Settings | undefined;
  /** Back-pressure thresholds (PRESSURE_*): past one, requests get 503 + Retry-After until the next sample. */
  pressure: PressureSettings;
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset = no metrics endpoint (404). */
  metricsToken: string | undefined;
  /** WORKERS: HTTP worker processes `npm start` runs on this machine (server/src/cluster/); `auto` = one per CPU. */
  workers: number;
  /** Public answers served from memory (RESPONSE_CACHE_*, CDN_*): plugins/response-cache.ts. */
  responseCache: ResponseCacheSettings;
  /** RESPONSE_FAST_PATH (default true): cache hits of public answers are replayed before Fastify (plugins/response-fast-path.ts). */
  responseFastPath: boolean;
  /** What the log says about requests (LOG_REQUESTS, LOG_SLOW_*): plugins/request-log.ts. */
  requestLog: RequestLogSettings;
  /** Open connections one process holds (CONNECTIONS_*): plugins/connection-limits.ts. */
  connections: ConnectionSettings;
  /** An account's upload quotas and the disk reserve (UPLOAD_*): services/submission/quota.ts. */
  uploads: UploadQuotaSettings;
  /** WeChat voters (WECHAT_*): services/gallery/voter-wechat.ts. */
  wechat: WechatSettings;
};

/**
 * - WECHAT_MP_APPID / WECHAT_MP_SECRET: the organiser's official account, for the silent sign-in inside
 *   WeChat's browser; WECHAT_WEB_APPID / WECHAT_WEB_SECRET: their open-platform website app, for the QR
 *   sign-in elsewhere. The console's values, when set, take their place.
 * - WECHAT_OPEN_BASE (https://open.weixin.qq.com) and WECHAT_API_BASE (https://api.weixin.qq.com): where
 *   WeChat's authorisation pages and API live; tests point them at a local server.
 */
export type WechatApp = { appId: string; secret: string };
export type WechatSettings = { openBase: string; apiBase: string; mp: WechatApp; web: WechatApp };

/**
 * - UPLOAD_MAX_AT_ONCE: uploads one account may have in progress (default 5: an entry form has five files, and a
 *   person may start the next while the film is still on its way).
 * - UPLOAD_MAX_MB_IN_PROGRESS: the declared sizes of those added up (default 3 x the largest file allowed, 12288).
 * - UPLOAD_MAX_MB_TOTAL: everything one account has uploaded and not removed (default 5 x the largest file, 20480).
 * - UPLOAD_DISK_RESERVE_MB: free disk kept back; an upload that would eat into it is refused with 507 (default
 *   1024; 0 = none). Measured on DATA_DIR, or with S3 storage on the temporary folder the S3 store stages parts in.
 */
export type UploadQuotaSettings = { maxAtOnce: number; maxBytesInProgress: number; maxBytesTotal: number; diskReserveBytes: number };

/**
 * - CONNECTIONS_MAX: connections held at once; past it a new one gets a 503 envelope and is closed (default:
 *   the process's open-file limit less a reserve for the database, uploads and ffmpeg: a quarter, at least 128).
 *   Past it by a tenth more, the socket is closed before a byte is read.
 * - CONNECTIONS_PER_ADDRESS: the same per client address (default a quarter of CONNECTIONS_MAX, at least 16;
 *   behind a proxy every client has the proxy's address, so raise it or set it to 0 = no per-address limit).
 */
export type ConnectionSettings = { max: number; perAddress: number };

/**
 * - RESPONSE_CACHE_TTL_MS: lifetime of a cached public answer without vote counts (news, /home; default 5000;
 *   0 = no cache). Console writes drop the cache at once in this process, and in the others through Redis
 *   when REDIS_URL is set; without Redis this lifetime is how long another process may still show the old content.
 * - RESPONSE_CACHE_COUNTS_TTL_MS: the same for answers with vote counts (gallery, entry; default 1000).
 * - RESPONSE_CACHE_MAX_ENTRIES: most answers kept (default 5000).
 * - RESPONSE_FAST_PATH: replay cache hits of public answers before Fastify's hooks (default true).
 * - CDN_STALE_WHILE_REVALIDATE_S: `stale-while-revalidate` of public answers for a CDN (default 30; `s-maxage` is the lifetime).
 */
export type ResponseCacheSettings = { ttlMs: number; countsTtlMs: number; maxEntries: number; staleWhileRevalidateS: number };

/**
 * - LOG_REQUESTS: a line per request (Fastify's "incoming request"/"request completed"); default false.
 * - LOG_SLOW_MS: a request slower than this is logged with its id, route and time (default 1000; 0 = never).
 * - LOG_SLOW_LEVEL: the level of that line (default warn).
 */
export type RequestLogSettings = { everyRequest: boolean; slowMs: number; slowLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug'] as const;

/**
 * Back-pressure (plugins/pressure.ts): 0 turns a check off.
 * - PRESSURE_MAX_EVENT_LOOP_DELAY_MS: mean event-loop delay over a sample (default 1000).
 * - PRESSURE_MAX_HEAP_MB: heap in use (default 90% of the V8 heap limit, i.e. just before the process would die).
 * - PRESSURE_RETRY_AFTER_S: the Retry-After of the 503 (default 10); PRESSURE_SAMPLE_MS: how often it measures (default 1000).
 */
export type PressureSettings = { maxEventLoopDelayMs: number; maxHeapUsedBytes: number; retryAfterSeconds: number; sampleIntervalMs: number };

/** An abuse limit: at most `max` within `windowMs`; written "MAX/MINUTES" in the environment (AUTH_LIMIT_LOGIN_IP=50/15). */
export type Limit = { max: number; windowMs: number };

/** The accounts area's abuse limits (AUTH_LIMIT_*) and link lifetimes in minutes (AUTH_*_LINK_MINUTES). */
export type AuthSettings = {
  limits: {
    /** Failed passwords per account, whatever the address (the brute-force limit). */
    loginAccount: Limit;
    loginIp: Limit;
    registerIp: Limit;
    registerEmail: Limit;
    resendIp: Limit;
    resendEmail: Limit;
    resetIp: Limit;
    resetEmail: Limit;
  };
  verifyLinkMinutes: number;
  resetLinkMinutes: number;
};

export type MediaQueueKind = 'database' | 'bullmq';

/**
 * The media pipeline:
 * - `worker` (MEDIA_WORKER): `off` keeps the server's own worker from starting (run `npm run worker` instead).
 * - `queue` (MEDIA_QUEUE): `database` (jobs are leased from the job table) or `bullmq` (BullMQ on REDIS_URL
 *   schedules them; the table stays the record). BullMQ's keys start with `redisPrefix`.
 * - `ffmpeg` / `ffprobe` (FFMPEG_PATH / FFPROBE_PATH): the binaries (Debian's by default, found on PATH).
 * - MEDIA_MAX_ATTEMPTS, MEDIA_RETRY_BASE_MS (back-off doubles per attempt), MEDIA_LEASE_MS (a worker that
 *   stops renewing its lease this long is taken for dead), MEDIA_POLL_MS, MEDIA_X264_PRESET.
 */
export type MediaSettings = {
  worker: boolean;
  queue: MediaQueueKind;
  ffmpeg: string;
  ffprobe: string;
  maxAttempts: number;
  retryBaseMs: number;
  leaseMs: number;
  pollMs: number;
  preset: string;
};

/** S3-compatible object storage settings (`S3_*`). */
export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

/** What a caller (a test, a CLI) may set over the environment; the groups are merged field by field. */
export type ConfigOverrides = Partial<Omit<Config, 'auth' | 'media'>> & {
  auth?: Partial<Omit<AuthSettings, 'limits'>> & { limits?: Partial<AuthSettings['limits']> };
  media?: Partial<MediaSettings>;
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

/** A whole number of at least `min`; anything else falls back (the media pipeline's numbers, the drain). */
function wholeAtLeast(value: string | undefined, fallback: number, min: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= min ? n : fallback;
}

function workerCount(value: string | undefined): number {
  return value?.trim().toLowerCase() === 'auto' ? os.availableParallelism() : wholeAtLeast(value, 1, 1);
}

function limit(value: string | undefined, max: number, minutes: number): Limit {
  const match = /^(\d+)\/(\d+)$/.exec(value?.trim() ?? '');
  return { max: match ? Number(match[1]) : max, windowMs: (match ? Number(match[2]) : minutes) * 60_000 };
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

function authSettings(env: NodeJS.ProcessEnv): AuthSettings {
  return {
    limits: {
      loginAccount: limit(env.AUTH_LIMIT_LOGIN_ACCOUNT, 10, 15),
      loginIp: limit(env.AUTH_LIMIT_LOGIN_IP, 50, 15),
      registerIp: limit(env.AUTH_LIMIT_REGISTER_IP, 20, 60),
      registerEmail: limit(env.AUTH_LIMIT_REGISTER_EMAIL, 5, 60),
      resendIp: limit(env.AUTH_LIMIT_RESEND_IP, 10, 60),
      resendEmail: limit(env.AUTH_LIMIT_RESEND_EMAIL, 3, 60),
      resetIp: limit(env.AUTH_LIMIT_RESET_IP, 10, 60),
      resetEmail: limit(env.AUTH_LIMIT_RESET_EMAIL, 3, 60),
    },
    verifyLinkMinutes: positive(env.AUTH_VERIFY_LINK_MINUTES, 48 * 60),
    resetLinkMinutes: positive(env.AUTH_RESET_LINK_MINUTES, 60),
  };
}

const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'];

function queueKind(value: string | undefined): MediaQueueKind {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'database') return 'database';
  if (v === 'bullmq') return 'bullmq';
  // A typo must not silently leave jobs where no worker of the other kind looks.
  throw new Error(`MEDIA_QUEUE must be "database" or "bullmq", not "${value}"`);
}

function mediaSettings(env: NodeJS.ProcessEnv): MediaSettings {
  const preset = env.MEDIA_X264_PRESET ?? '';
  return {
    worker: (env.MEDIA_WORKER ?? '').toLowerCase() !== 'off',
    queue: queueKind(env.MEDIA_QUEUE),
    ffmpeg: env.FFMPEG_PATH || 'ffmpeg',
    ffprobe: env.FFPROBE_PATH || 'ffprobe',
    maxAttempts: wholeAtLeast(env.MEDIA_MAX_ATTEMPTS, 3, 1),
    retryBaseMs: wholeAtLeast(env.MEDIA_RETRY_BASE_MS, 30_000, 0),
    leaseMs: wholeAtLeast(env.MEDIA_LEASE_MS, 60_000, 1000),
    pollMs: wholeAtLeast(env.MEDIA_POLL_MS, 2000, 10),
    preset: X264_PRESETS.includes(preset) ? preset : 'veryfast',
  };
}

function pressureSettings(env: NodeJS.ProcessEnv): PressureSettings {
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  return {
    maxEventLoopDelayMs: wholeAtLeast(env.PRESSURE_MAX_EVENT_LOOP_DELAY_MS, 1000, 0),
    maxHeapUsedBytes: wholeAtLeast(env.PRESSURE_MAX_HEAP_MB, Math.floor((heapLimit * 0.9) / 2 ** 20), 0) * 2 ** 20,
    retryAfterSeconds: wholeAtLeast(env.PRESSURE_RETRY_AFTER_S, 10, 1),
    sampleIntervalMs: wholeAtLeast(env.PRESSURE_SAMPLE_MS, 1000, 10),
  };
}

/** The soft open-file limit of this process (Linux: /proc/self/limits); 1024 where it cannot be read. */
function openFileLimit(): number {
  try {
    const line = fs.readFileSync('/proc/self/limits', 'utf8').match(/^Max open files\s+(\d+|unlimited)/m);
    if (line?.[1] === 'unlimited') return 65_536;
    return line?.[1] ? Number(line[1]) : 1024;
  } catch {
    return 1024;
  }
}

function connectionSettings(env: NodeJS.ProcessEnv): ConnectionSettings {
  const files = openFileLimit();
  const max = wholeAtLeast(env.CONNECTIONS_MAX, Math.max(16, files - Math.max(128, Math.floor(files / 4))), 1);
  return { max, perAddress: wholeAtLeast(env.CONNECTIONS_PER_ADDRESS, Math.max(16, Math.floor(max / 4)), 0) };
}

const MB = 1024 * 1024;

function uploadQuotaSettings(env: NodeJS.ProcessEnv): UploadQuotaSettings {
  return {
    maxAtOnce: wholeAtLeast(env.UPLOAD_MAX_AT_ONCE, 5, 1),
    maxBytesInProgress: wholeAtLeast(env.UPLOAD_MAX_MB_IN_PROGRESS, 3 * 4096, 1) * MB,
    maxBytesTotal: wholeAtLeast(env.UPLOAD_MAX_MB_TOTAL, 5 * 4096, 1) * MB,
    diskReserveBytes: wholeAtLeast(env.UPLOAD_DISK_RESERVE_MB, 1024, 0) * MB,
  };
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
  };
}

/**
 * The one place the environment is read (the server, the CLIs: `loadConfig()`). Tests pass their own
 * `env` (usually `{}`) and overrides, so nothing they do depends on the shell they run in.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const port = int(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const { auth: authOver, media: mediaOver, ...flatOver } = overrides;
  const auth = authSettings(env);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'contest.sqlite')}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Microfilm Contest <no-reply@localhost>',
    organiserEmail: env.ORGANISER_EMAIL || PLACEHOLDER_ORGANISER_EMAIL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    cookieSecret: env.COOKIE_SECRET || '',
    demoContent: bool(env.DEMO_CONTENT, true),
    migrateOnStart: bool(env.MIGRATE_ON_START, true),
    redisUrl: env.REDIS_URL || undefined,
    // MEDIA_QUEUE_PREFIX is the older name, from when only the media queue was prefixed.
    redisPrefix: env.REDIS_PREFIX || env.MEDIA_QUEUE_PREFIX || 'microfilm',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 7 * 24 * 60),
    sessionAbsoluteDays: int(env.SESSION_ABSOLUTE_DAYS, 30),
    voteBlocklistFile: env.VOTE_BLOCKLIST_FILE || undefined,
    voteBatchMs: wholeAtLeast(env.VOTE_BATCH_MS, 0, 0),
    contestTimezone: assertTimeZone(env.CONTEST_TIMEZONE || 'Asia/Shanghai'),
    logLevel: env.LOG_LEVEL || 'info',
    webDir: path.resolve(env.WEB_DIR || 'build/web'),
    // A negative value would make the hard exit after the drain fire at once.
    shutdownDrainMs: wholeAtLeast(env.SHUTDOWN_DRAIN_MS, 10_000, 0),
    s3: s3Settings(env),
    pressure: pressureSettings(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    workers: workerCount(env.WORKERS),
    responseCache: {
      ttlMs: wholeAtLeast(env.RESPONSE_CACHE_TTL_MS, 5000, 0),
      countsTtlMs: wholeAtLeast(env.RESPONSE_CACHE_COUNTS_TTL_MS, 1000, 0),
      maxEntries: wholeAtLeast(env.RESPONSE_CACHE_MAX_ENTRIES, 5000, 1),
      staleWhileRevalidateS: wholeAtLeast(env.CDN_STALE_WHILE_REVALIDATE_S, 30, 0),
    },
    responseFastPath: bool(env.RESPONSE_FAST_PATH, true),
    wechat: {
      openBase: (env.WECHAT_OPEN_BASE || 'https://open.weixin.qq.com').replace(/\/+$/, ''),
      apiBase: (env.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
      mp: { appId: env.WECHAT_MP_APPID || '', secret: env.WECHAT_MP_SECRET || '' },
      web: { appId: env.WECHAT_WEB_APPID || '', secret: env.WECHAT_WEB_SECRET || '' },
    },
    requestLog: {
      everyRequest: bool(env.LOG_REQUESTS, false),
      slowMs: wholeAtLeast(env.LOG_SLOW_MS, 1000, 0),
      slowLevel: LOG_LEVELS.find((l) => l === env.LOG_SLOW_LEVEL) ?? 'warn',
    },
    connections: connectionSettings(env),
    uploads: uploadQuotaSettings(env),
    ...flatOver,
    auth: { ...auth, ...authOver, limits: { ...auth.limits, ...authOver?.limits } },
    media: { ...mediaSettings(env), ...mediaOver },
  };
}
