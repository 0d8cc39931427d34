import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type Dialect, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { markDatabaseError } from './failures';
import { DatabaseOutage, trackOutage, watchedDialect } from './outage';
import type { Database } from './schema/index';
import { withStatementCache } from './sqlite-statement-cache';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

// COUNT(*) and BIGINT come back from pg as strings; the app's numbers fit in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

/** The better-sqlite3 handle behind a SQLite Kysely, for the few synchronous paths that skip Kysely (votes). */
const sqliteHandles = new WeakMap<Db, SQLite.Database>();
export const sqliteHandle = (db: Db): SQLite.Database | undefined => sqliteHandles.get(db);

/** A pool's connections right now, for the metrics endpoint; SQLite has one connection and nothing waits in a pool. */
export type PoolStats = () => { total: number; idle: number; waiting: number };

/** Opens the database named by a URL: `sqlite:<file>` (or `sqlite::memory:`) or `postgres://...`. */
export function openDatabase(url: string): { db: Db; dialect: DialectName; poolStats: PoolStats } {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // A pool that cannot connect fails the request (503) after 10 s instead of queueing it forever.
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
    const outage = new DatabaseOutage();
    // An idle connection cut by the server (restart, failover, a dropped test database) must not crash the
    // process; the pool replaces it on the next query. It counts as the start of an outage (logged once).
    pool.on('error', (err) => outage.failed(markDatabaseError(err)));
    // A connection lost while checked out emits 'error' on its client, which pg-pool does not listen to
    // then: without a listener that would crash the process. The running query is rejected anyway.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: watchedDialect(new PostgresDialect({ pool }), outage) });
    trackOutage(db, outage);
    return { db, dialect: 'postgres', poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) };
  }
  if (!url.startsWith('sqlite:')) throw new Error(`Unsupported DATABASE_URL: ${url}`);
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the one writer; FULL sync so an acknowledged vote survives power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Another connection's write transaction (`npm run admin`, a media worker process) is waited for, not failed.
  sqlite.pragma('busy_timeout = 5000');
  const outage = new DatabaseOutage();
  const db = new Kysely<Database>({ dialect: watchedDialect(immediateTransactions(new SqliteDialect({ database: withStatementCache(sqlite) })), outage) });
  trackOutage(db, outage);
  sqliteHandles.set(db, sqlite);
  return { db, dialect: 'sqlite', poolStats: () => ({ total: 1, idle: 0, waiting: 0 }) };
}

/**
 * SQLite transactions take the write lock at BEGIN (IMMEDIATE) instead of at their first write. A deferred
 * transaction that read before another connection (`npm run admin`, a media worker process) committed
 * would fail its first write with SQLITE_BUSY at once, without waiting for busy_timeout; an immediate one waits
 * for the lock and then sees the latest data.
 */
function immediateTransactions(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => {
      const driver = inner.createDriver();
      driver.beginTransaction = async (connection) => {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      };
      return driver;
    },
  };
}

export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}
