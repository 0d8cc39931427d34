import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createContext } from '../../src/bootstrap';
import { type ConfigOverrides, loadConfig } from '../../src/config';
import type { AppContext } from '../../src/context';
import { startBackground } from '../../src/lifecycle';
import { createTestDatabase, type TestDatabase } from './databases';

/** The settings every test context starts from: its own database and data folder, fixed URL and secret. */
export function testConfig(db: Pick<TestDatabase, 'url' | 'dataDir'>): ConfigOverrides {
  return { databaseUrl: db.url, dataDir: db.dataDir, publicUrl: 'http://contest.test', cookieSecret: 'test-secret-0123456789abcdef' };
}

/**
 * A context on `db` from these settings alone (never the shell's environment). No in-process media
 * worker unless a test asks for one (`media: { worker: true }`): tests run jobs themselves.
 */
export function testContext(db: Pick<TestDatabase, 'url' | 'dataDir'>, overrides: ConfigOverrides = {}): Promise<AppContext> {
  return createContext(loadConfig({}, { ...testConfig(db), ...overrides, media: { worker: false, ...overrides.media } }));
}

export type TestApp = { app: FastifyInstance; ctx: AppContext; db: TestDatabase; close: () => Promise<void> };

/**
 * A real app on a real, fresh database (migrated; demo content seeded unless demoContent: false).
 * Use with `describe.each(DIALECTS)` so every integration test runs on SQLite and on PostgreSQL.
 */
export async function startTestApp(dialect: 'sqlite' | 'postgres', overrides: ConfigOverrides = {}): Promise<TestApp> {
  const db = await createTestDatabase(dialect);
  const ctx = await testContext(db, overrides);
  const app = await buildApp(ctx);
  await app.ready();
  const background = await startBackground(ctx, app.log);
  return {
    app,
    ctx,
    db,
    close: async () => {
      await app.close();
      await background.stop();
      await db.drop();
    },
  };
}
