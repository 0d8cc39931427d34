import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { EnvReader } from './config-reader';
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
  /** How texted voting codes go out (SMS_*): sms/sender.ts. */
  sms: SmsSettings;
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
  /** Public pages painted to HTML on the server (the web build's renderer) before the browser app hydrates them. */
  serverRendering: boolean;
  /** What the log says about requests (LOG_REQUESTS, LOG_SLOW_*): plugins/request-log.ts. */
  requestLog: RequestLogSettings;
  /** Open connections one process holds (CONNECTIONS_*): plugins/connection-limits.ts. */
  connections: ConnectionSettings;
  /** An account's upload quotas and the disk reserve (UPLOAD_*): services/submission/quota.ts. */
  uploads: UploadQuotaSettings;
  /** WeChat voters (WECHAT_*): services/gallery/voter-wechat.ts. */
  wechat: WechatSettings;
};

export const SMS_PROVIDERS = ['outbox', 'aliyun', 'tencent'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/**
 * - SMS_PROVIDER: `outbox` (default: each text is written under DATA_DIR/sms-outbox and printed, nothing is
 *   sent), `aliyun` (Alibaba Cloud SMS) or `tencent` (Tencent Cloud SMS).
 * - SMS_ACCESS_KEY_ID / SMS_ACCESS_KEY_SECRET: the provider's key pair (Tencent: SecretId / SecretKey).
 * - SMS_SIGN_NAME: the approved signature; SMS_TEMPLATE_CODE: the approved template (Alibaba's TemplateCode,
 *   whose parameter is `code`; Tencent's TemplateId, whose first parameter is the code).
 * - SMS_SDK_APP_ID: Tencent's SmsSdkAppId. SMS_REGION: the provider's region (cn-hangzhou / ap-guangzhou).
 * - SMS_ENDPOINT: another API address than the provider's own (`host` or `http(s)://host:port`).
 */
export type SmsSettings = {
  provider: SmsProvider;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  sdkAppId: string;
  region: string;
  endpoint: string | undefined;
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

const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'] as const;
const MEDIA_QUEUES = ['database', 'bullmq'] as const;

function workerCount(read: EnvReader): number {
  return read.raw('WORKERS')?.toLowerCase() === 'auto' ? os.availableParallelism() : read.whole('WORKERS', 1, 1);
}

function authSettings(read: EnvReader): AuthSettings {
  return {
    limits: {
      loginAccount: read.limit('AUTH_LIMIT_LOGIN_ACCOUNT', 10, 15),
      loginIp: read.limit('AUTH_LIMIT_LOGIN_IP', 50, 15),
      registerIp: read.limit('AUTH_LIMIT_REGISTER_IP', 20, 60),
      registerEmail: read.limit('AUTH_LIMIT_REGISTER_EMAIL', 5, 60),
      resendIp: read.limit('AUTH_LIMIT_RESEND_IP', 10, 60),
      resendEmail: read.limit('AUTH_LIMIT_RESEND_EMAIL', 3, 60),
      resetIp: read.limit('AUTH_LIMIT_RESET_IP', 10, 60),
      resetEmail: read.limit('AUTH_LIMIT_RESET_EMAIL', 3, 60),
    },
    verifyLinkMinutes: read.whole('AUTH_VERIFY_LINK_MINUTES', 48 * 60, 1),
    resetLinkMinutes: read.whole('AUTH_RESET_LINK_MINUTES', 60, 1),
  };
}

function mediaSettings(read: EnvReader): MediaSettings {
  return {
    worker: read.oneOf('MEDIA_WORKER', ['on', 'off'], 'on') === 'on',
    // A typo must not silently leave jobs where no worker of the other kind looks.
    queue: read.oneOf('MEDIA_QUEUE', MEDIA_QUEUES, 'database'),
    ffmpeg: read.text('FFMPEG_PATH', 'ffmpeg'),
    ffprobe: read.text('FFPROBE_PATH', 'ffprobe'),
    maxAttempts: read.whole('MEDIA_MAX_ATTEMPTS', 3, 1),
    retryBaseMs: read.whole('MEDIA_RETRY_BASE_MS', 30_000, 0),
    leaseMs: read.whole('MEDIA_LEASE_MS', 60_000, 1000),
    pollMs: read.whole('MEDIA_POLL_MS', 2000, 10),
    preset: read.oneOf('MEDIA_X264_PRESET', X264_PRESETS, 'veryfast'),
  };
}

function pressureSettings(read: EnvReader): PressureSettings {
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  return {
    maxEventLoopDelayMs: read.whole('PRESSURE_MAX_EVENT_LOOP_DELAY_MS', 1000, 0),
    maxHeapUsedBytes: read.whole('PRESSURE_MAX_HEAP_MB', Math.floor((heapLimit * 0.9) / 2 ** 20), 0) * 2 ** 20,
    retryAfterSeconds: read.whole('PRESSURE_RETRY_AFTER_S', 10, 1),
    sampleIntervalMs: read.whole('PRESSURE_SAMPLE_MS', 1000, 10),
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

function connectionSettings(read: EnvReader): ConnectionSettings {
  const files = openFileLimit();
  const max = read.whole('CONNECTIONS_MAX', Math.max(16, files - Math.max(128, Math.floor(files / 4))), 1);
  return { max, perAddress: read.whole('CONNECTIONS_PER_ADDRESS', Math.max(16, Math.floor(max / 4)), 0) };
}

const MB = 1024 * 1024;

function uploadQuotaSettings(read: EnvReader): UploadQuotaSettings {
  return {
    maxAtOnce: read.whole('UPLOAD_MAX_AT_ONCE', 5, 1),
    maxBytesInProgress: read.whole('UPLOAD_MAX_MB_IN_PROGRESS', 3 * 4096, 1) * MB,
    maxBytesTotal: read.whole('UPLOAD_MAX_MB_TOTAL', 5 * 4096, 1) * MB,
    diskReserveBytes: read.whole('UPLOAD_DISK_RESERVE_MB', 1024, 0) * MB,
  };
}

function smsSettings(read: EnvReader): SmsSettings {
  const provider = read.oneOf('SMS_PROVIDER', SMS_PROVIDERS, 'outbox');
  return {
    provider,
    accessKeyId: read.text('SMS_ACCESS_KEY_ID', ''),
    accessKeySecret: read.text('SMS_ACCESS_KEY_SECRET', ''),
    signName: read.text('SMS_SIGN_NAME', ''),
    templateCode: read.text('SMS_TEMPLATE_CODE', ''),
    sdkAppId: read.text('SMS_SDK_APP_ID', ''),
    region: read.text('SMS_REGION', provider === 'tencent' ? 'ap-guangzhou' : 'cn-hangzhou'),
    endpoint: read.raw('SMS_ENDPOINT') === undefined ? undefined : read.url('SMS_ENDPOINT', ''),
  };
}

function s3Settings(read: EnvReader): S3Settings | undefined {
  const bucket = read.raw('S3_BUCKET');
  if (!bucket) return undefined;
  const endpoint = read.raw('S3_ENDPOINT');
  return {
    bucket,
    region: read.text('S3_REGION', 'us-east-1'),
    endpoint: endpoint === undefined ? undefined : read.url('S3_ENDPOINT', endpoint),
    accessKeyId: read.raw('S3_ACCESS_KEY_ID'),
    secretAccessKey: read.raw('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: read.bool('S3_FORCE_PATH_STYLE', false),
  };
}

/**
 * The one place the environment is read (the server, the CLIs: `loadConfig()`). Tests pass their own
 * `env` (usually `{}`) and overrides, so nothing they do depends on the shell they run in. A setting with a
 * value it cannot use stops the start with a `ConfigError` naming every such setting.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const read = new EnvReader(env);
  const port = read.whole('PORT', 3000, 0, 65_535);
  const dataDir = path.resolve(read.text('DATA_DIR', './data'));
  const { auth: authOver, media: mediaOver, ...flatOver } = overrides;
  const auth = authSettings(read);
  const config: Config = {
    port,
    host: read.text('HOST', '0.0.0.0'),
    publicUrl: read.url('PUBLIC_URL', `http://localhost:${port}`),
    dataDir,
    databaseUrl: read.text('DATABASE_URL', `sqlite:${path.join(dataDir, 'contest.sqlite')}`),
    smtpUrl: read.raw('SMTP_URL'),
    mailFrom: read.text('MAIL_FROM', 'Microfilm Contest <no-reply@localhost>'),
    sms: smsSettings(read),
    organiserEmail: read.text('ORGANISER_EMAIL', PLACEHOLDER_ORGANISER_EMAIL),
    trustProxy: read.parsed('TRUST_PROXY', parseTrustProxy, false),
    cookieSecret: env.COOKIE_SECRET || '',
    demoContent: read.bool('DEMO_CONTENT', true),
    migrateOnStart: read.bool('MIGRATE_ON_START', true),
    redisUrl: read.raw('REDIS_URL'),
    // MEDIA_QUEUE_PREFIX is the older name, from when only the media queue was prefixed.
    redisPrefix: read.raw('REDIS_PREFIX') ?? read.text('MEDIA_QUEUE_PREFIX', 'microfilm'),
    sessionIdleMinutes: read.whole('SESSION_IDLE_MINUTES', 7 * 24 * 60, 1),
    sessionAbsoluteDays: read.whole('SESSION_ABSOLUTE_DAYS', 30, 1),
    voteBlocklistFile: read.raw('VOTE_BLOCKLIST_FILE'),
    voteBatchMs: read.whole('VOTE_BATCH_MS', 0, 0),
    contestTimezone: read.parsed('CONTEST_TIMEZONE', (v) => assertTimeZone(v?.trim() || 'Asia/Shanghai'), 'Asia/Shanghai'),
    logLevel: read.oneOf('LOG_LEVEL', [...LOG_LEVELS, 'trace', 'silent'], 'info'),
    webDir: path.resolve(read.text('WEB_DIR', 'build/web')),
    // A negative value would make the hard exit after the drain fire at once.
    shutdownDrainMs: read.whole('SHUTDOWN_DRAIN_MS', 10_000, 0),
    s3: s3Settings(read),
    pressure: pressureSettings(read),
    metricsToken: read.raw('METRICS_TOKEN'),
    workers: workerCount(read),
    responseCache: {
      ttlMs: read.whole('RESPONSE_CACHE_TTL_MS', 5000, 0),
      countsTtlMs: read.whole('RESPONSE_CACHE_COUNTS_TTL_MS', 1000, 0),
      maxEntries: read.whole('RESPONSE_CACHE_MAX_ENTRIES', 5000, 1),
      staleWhileRevalidateS: read.whole('CDN_STALE_WHILE_REVALIDATE_S', 30, 0),
    },
    responseFastPath: read.bool('RESPONSE_FAST_PATH', true),
    serverRendering: read.bool('SERVER_RENDERING', true),
    wechat: {
      openBase: read.url('WECHAT_OPEN_BASE', 'https://open.weixin.qq.com'),
      apiBase: read.url('WECHAT_API_BASE', 'https://api.weixin.qq.com'),
      mp: { appId: read.text('WECHAT_MP_APPID', ''), secret: read.text('WECHAT_MP_SECRET', '') },
      web: { appId: read.text('WECHAT_WEB_APPID', ''), secret: read.text('WECHAT_WEB_SECRET', '') },
    },
    requestLog: {
      everyRequest: read.bool('LOG_REQUESTS', false),
      slowMs: read.whole('LOG_SLOW_MS', 1000, 0),
      slowLevel: read.oneOf('LOG_SLOW_LEVEL', LOG_LEVELS, 'warn'),
    },
    connections: connectionSettings(read),
    uploads: uploadQuotaSettings(read),
    ...flatOver,
    auth: { ...auth, ...authOver, limits: { ...auth.limits, ...authOver?.limits } },
    media: { ...mediaSettings(read), ...mediaOver },
  };
  read.assertValid();
  return config;
}
