import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The databases integration tests run on: SQLite always; PostgreSQL too when TEST_DATABASE_URL is set
 * (CI sets it). Each test file gets its own fresh database, dropped afterwards.
 */
export type TestDatabase = { name: 'sqlite' | 'postgres'; url: string; dataDir: string; drop: () => Promise<void> };

export const DIALECTS: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export async function createTestDatabase(name: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-test-'));
  if (name === 'sqlite') {
    return { name, url: `sqlite:${path.join(dataDir, 'test.sqlite')}`, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = process.env.TEST_DATABASE_URL as string;
  const dbName = `mfc_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${dbName}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  return {
    name,
    url: url.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
