import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createContext } from '../../src/bootstrap';
import type { Config } from '../../src/config';
import type { AppContext } from '../../src/context';
import { createTestDatabase, type TestDatabase } from './databases';

/** The settings every test context starts from: its own database and data folder, fixed URL and secret. */
export function testConfig(db: Pick<TestDatabase, 'url' | 'dataDir'>): Partial<Config> {
  return { databaseUrl: db.url, dataDir: db.dataDir, publicUrl: 'http://contest.test', cookieSecret: 'test-secret-0123456789abcdef' };
}

export type TestApp = { app: FastifyInstance; ctx: AppContext; db: TestDatabase; close: () => Promise<void> };

/**
 * A real app on a real, fresh database (migrated; demo content seeded unless demoContent: false).
 * Use with `describe.each(DIALECTS)` so every integration test runs on SQLite and on PostgreSQL.
 */
export async function startTestApp(dialect: 'sqlite' | 'postgres', overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await createTestDatabase(dialect);
  const ctx = await createContext({ ...testConfig(db), ...overrides }, {});
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    db,
    close: async () => {
      await app.close();
      ctx.mailer.close();
      await ctx.db.destroy();
      await db.drop();
    },
  };
}
