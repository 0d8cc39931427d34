import { type Config, loadConfig } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoContent } from './db/seed/index';
import { createMailer } from './mail/mailer';
import { ensureCookieSecret } from './secrets';
import { createJobQueue } from './services/media/queue';
import { mediaSettings } from './services/media/settings';
import { createStorage } from './storage/index';

/**
 * Opens and migrates the database, seeds demo content on first start, and returns the context the app
 * is built from. Used by the server, the CLI and the tests alike.
 */
export async function createContext(overrides: Partial<Config> = {}, env = process.env): Promise<AppContext> {
  const base = loadConfig(env, overrides);
  const config: Config = { ...base, cookieSecret: ensureCookieSecret(base.dataDir, base.cookieSecret) };
  const mediaQueue = await createJobQueue(mediaSettings(env), config.redisUrl, config.redisPrefix); // before the database, so a bad MEDIA_QUEUE stops here
  const { db, dialect } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const ctx: AppContext = { config, db, dialect, mailer: createMailer(config), storage: await createStorage(config, env), mediaQueue };
  if (config.demoContent) await seedDemoContent(ctx);
  return ctx;
}
