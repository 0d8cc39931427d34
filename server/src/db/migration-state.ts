import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE, Kysely, SqliteDialect } from 'kysely';
import { openDatabase } from './database';

/** The table whose presence says a database has been migrated by this application (Kysely's own). */
export const MIGRATION_TABLE = DEFAULT_MIGRATION_TABLE;

const sqliteFile = (url: string): string | null => {
  if (!url.startsWith('sqlite:')) return null;
  const file = url.slice('sqlite:'.length);
  return file === ':memory:' ? file : path.resolve(file);
};

/**
 * Where a DATABASE_URL points, in words a person can check: the SQLite file's absolute path, or the
 * PostgreSQL URL with its password taken out.
 */
export function databaseLabel(url: string): string {
  const file = sqliteFile(url);
  if (file) return `SQLite ${file}`;
  try {
    const u = new URL(url);
    u.password = '';
    return `PostgreSQL ${u.toString()}`;
  } catch {
    return 'PostgreSQL (unreadable DATABASE_URL)';
  }
}

/**
 * Whether the database at `url` has been migrated (it holds the migration table), creating nothing to find
 * out: a SQLite file that is not there is not made, and an empty PostgreSQL database is only read.
 */
export async function isMigrated(url: string): Promise<boolean> {
  const file = sqliteFile(url);
  if (file === ':memory:') return false;
  if (file && !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return false;
  // Read-only on SQLite: the file is looked at, never set up (no journal mode written into a stranger's file).
  const db = file
    ? new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }) })
    : openDatabase(url).db;
  try {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    return tables.some((t) => t.name === MIGRATION_TABLE);
  } finally {
    await db.destroy();
  }
}
