import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** The file of a `sqlite:<file>` URL; undefined for PostgreSQL and for `sqlite::memory:` (one connection only). */
export function sqliteFileOf(url: string): string | undefined {
  if (!url.startsWith('sqlite:')) return undefined;
  const file = url.slice('sqlite:'.length);
  return file === ':memory:' ? undefined : file;
}

/** A connection to a SQLite file (or `:memory:`) with the settings every connection of the app uses. */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the one writer; FULL sync so an acknowledged vote survives power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Another connection's write transaction (the vote writer thread, a CLI) is waited for, not failed.
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}
