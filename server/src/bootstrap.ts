import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { assertMigrated, migrateToLatest } from './db/migrate';
import { seedDemoContent } from './db/seed/index';
import { countedMailer, createMailer } from './mail/mailer';
import { createMetrics } from './metrics/metrics';
import { ensureCookieSecret } from './secrets';
import { createVoteDesk } from './services/gallery/vote-desk';
import { createJobQueue } from './services/media/queue';
import { createSmsSender } from './sms/sender';
import { createStorage } from './storage/index';

/**
 * Opens and migrates the database, seeds demo content on first start, and returns the context the app
 * is built from, from a config that `loadConfig` read. Used by the server, the CLIs and the tests alike;
 * lifecycle.ts closes what it opens.
 */
export async function createContext(base: Config): Promise<AppContext> {
  const config: Config = { ...base, cookieSecret: ensureCookieSecret(base.dataDir, base.cookieSecret) };
  const mediaQueue = await createJobQueue(config.media, config.redisUrl, config.redisPrefix); // before the database, so bullmq without REDIS_URL stops here
  const { db, dialect, poolStats } = openDatabase(config.databaseUrl);
  try {
    if (config.migrateOnStart) await migrateToLatest(db);
    else await assertMigrated(db);
  } catch (err) {
    await db.destroy();
    await mediaQueue.close();
    throw err;
  }
  const metrics = createMetrics(db, poolStats);
  const mailer = countedMailer(createMailer(config), metrics);
  const votes = createVoteDesk(config, db, dialect);
  const ctx: AppContext = { config, db, dialect, mailer, sms: createSmsSender(config), storage: await createStorage(config), mediaQueue, metrics, votes };
  if (config.demoContent) await seedDemoContent(ctx);
  return ctx;
}
