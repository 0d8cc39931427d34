import { createContext } from '../bootstrap';
import { ffmpegAvailable } from '../services/media/ffmpeg';
import { mediaSettings } from '../services/media/settings';

/**
 * `npm run worker`: the media worker as its own process (set MEDIA_WORKER=off on the web servers then).
 * Uses the same DATABASE_URL / DATA_DIR (and MEDIA_QUEUE / REDIS_URL) as the server; several may run at
 * once: jobs are leased from the table, or handed out by BullMQ.
 */
// One JSON line per event, like the server's log (pino is Fastify's, not a direct dependency).
const line = (level: string, msg: string, err?: unknown) => console.log(JSON.stringify({ level, time: Date.now(), msg, ...(err ? { err: String(err) } : {}) }));
const log = { info: (msg: string) => line('info', msg), error: (err: unknown, msg = 'error') => line('error', msg, err) };
const settings = mediaSettings();
if (!(await ffmpegAvailable(settings.ffmpeg))) {
  line('error', 'ffmpeg not found: install it (Debian: apt-get install ffmpeg) or set FFMPEG_PATH');
  process.exit(1);
}
const ctx = await createContext();
const worker = ctx.mediaQueue.startWorker(ctx, { ...settings, worker: true }, log);

async function shutdown() {
  await worker.stop();
  await ctx.mediaQueue.close();
  ctx.mailer.close();
  await ctx.db.destroy();
  process.exit(0);
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
