/**
 * Settings of the media pipeline, read from the environment (they stay out of the shared config so the
 * pipeline is one self-contained area). Tests pass their own values instead.
 * - MEDIA_WORKER: `off` keeps the in-process worker from starting (run `npm run worker` instead).
 * - MEDIA_QUEUE: `database` (default: jobs are leased from the job table) or `bullmq` (BullMQ on REDIS_URL
 *   schedules them; the table stays the record). BullMQ's keys start with REDIS_PREFIX (config.ts, which
 *   also reads MEDIA_QUEUE_PREFIX, its older name).
 * - FFMPEG_PATH / FFPROBE_PATH: the binaries (Debian's by default, found on PATH).
 * - MEDIA_MAX_ATTEMPTS, MEDIA_RETRY_BASE_MS (back-off doubles per attempt), MEDIA_LEASE_MS (a worker that
 *   stops renewing its lease this long is taken for dead), MEDIA_POLL_MS, MEDIA_X264_PRESET.
 */
export type MediaQueueKind = 'database' | 'bullmq';

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

function int(value: string | undefined, fallback: number, min: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= min ? n : fallback;
}

const PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'];

function queueKind(value: string | undefined): MediaQueueKind {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'database') return 'database';
  if (v === 'bullmq') return 'bullmq';
  // A typo must not silently leave jobs where no worker of the other kind looks.
  throw new Error(`MEDIA_QUEUE must be "database" or "bullmq", not "${value}"`);
}

export function mediaSettings(env: NodeJS.ProcessEnv = process.env): MediaSettings {
  const preset = env.MEDIA_X264_PRESET ?? '';
  return {
    worker: (env.MEDIA_WORKER ?? '').toLowerCase() !== 'off',
    queue: queueKind(env.MEDIA_QUEUE),
    ffmpeg: env.FFMPEG_PATH || 'ffmpeg',
    ffprobe: env.FFPROBE_PATH || 'ffprobe',
    maxAttempts: int(env.MEDIA_MAX_ATTEMPTS, 3, 1),
    retryBaseMs: int(env.MEDIA_RETRY_BASE_MS, 30_000, 0),
    leaseMs: int(env.MEDIA_LEASE_MS, 60_000, 1000),
    pollMs: int(env.MEDIA_POLL_MS, 2000, 10),
    preset: PRESETS.includes(preset) ? preset : 'veryfast',
  };
}
