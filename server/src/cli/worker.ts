import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { startBackground } from '../lifecycle';
import { lineLog as log } from '../line-log';
import { ffmpegAvailable } from '../services/media/ffmpeg';

/**
 * `npm run worker`: the media worker as its own process (set MEDIA_WORKER=off on the web servers then).
 * Uses the same DATABASE_URL / DATA_DIR (and MEDIA_QUEUE / REDIS_URL) as the server; several may run at
 * once: jobs are leased from the table, or handed out by BullMQ.
 */
const config = loadConfig();
// Checked before the database is opened: a worker without ffmpeg has nothing to do.
if (!(await ffmpegAvailable(config.media.ffmpeg))) {
  log.error(undefined, 'ffmpeg not found: install it (Debian: apt-get install ffmpeg) or set FFMPEG_PATH');
  process.exit(1);
}
const ctx = await createContext(config);
// MEDIA_WORKER=off is meant for the servers: this process is the worker whatever it says.
const background = await startBackground(ctx, log, 'worker');

async function shutdown() {
  await background.stop();
  process.exit(0);
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
