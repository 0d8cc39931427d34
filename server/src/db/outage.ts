import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { classifyFailure, markDatabaseError } from './failures';

export type OutageLog = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** Before the app hands over its logger (CLIs, the separate worker), lines go to the console. */
const consoleLog: OutageLog = {
  warn: (obj, msg) => console.warn(`${msg} ${JSON.stringify(obj)}`),
  info: (obj, msg) => console.log(`${msg} ${JSON.stringify(obj)}`),
};

/**
 * Whether the database is reachable, as the queries themselves find out. An outage is logged twice in
 * all: one warning when the first query fails to reach the database, one line when a query answers again,
 * however many requests failed in between (each gets 503 from the error handler, without a stack).
 */
export class DatabaseOutage {
  #since: number | undefined;
  #log: OutageLog = consoleLog;

  useLog(log: OutageLog): void {
    this.#log = log;
  }

  get down(): boolean {
    return this.#since !== undefined;
  }

  failed(err: unknown): void {
    if (this.#since !== undefined) return;
    this.#since = Date.now();
    const e = err as { code?: unknown; message?: unknown } | null;
    this.#log.warn(
      { code: typeof e?.code === 'string' ? e.code : undefined, reason: typeof e?.message === 'string' ? e.message : String(err) },
      'database unreachable: requests that need it get 503 until it answers again',
    );
  }

  answered(): void {
    if (this.#since === undefined) return;
    const downMs = Date.now() - this.#since;
    this.#since = undefined;
    this.#log.info({ downMs }, 'database reachable again');
  }
}

const outages = new WeakMap<object, DatabaseOutage>();

/** The outage state of a database handle (created on first use for handles not opened by openDatabase). */
export function databaseOutage(db: object): DatabaseOutage {
  let outage = outages.get(db);
  if (!outage) {
    outage = new DatabaseOutage();
    outages.set(db, outage);
  }
  return outage;
}

export function trackOutage(db: object, outage: DatabaseOutage): void {
  outages.set(db, outage);
}

/**
 * Wraps a dialect's driver so that every query reports to `outage` and the driver's errors are marked as
 * coming from the database (see failures.ts). The driver and its connections stay the dialect's own
 * objects (transactions, savepoints and release work unchanged): only acquireConnection and, once per
 * connection, executeQuery are wrapped.
 */
export function watchedDialect(inner: Dialect, outage: DatabaseOutage): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => watchDriver(inner.createDriver(), outage),
  };
}

function watchDriver(driver: Driver, outage: DatabaseOutage): Driver {
  const fail = (err: unknown): never => {
    markDatabaseError(err);
    if (classifyFailure(err)?.kind === 'unavailable') outage.failed(err);
    throw err;
  };
  const wrapped = new WeakSet<DatabaseConnection>();
  const acquire = driver.acquireConnection.bind(driver);
  driver.acquireConnection = async () => {
    const connection = await acquire().catch(fail);
    if (!wrapped.has(connection)) {
      const execute = connection.executeQuery.bind(connection);
      connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        try {
          const result = await execute<R>(query);
          outage.answered();
          return result;
        } catch (err) {
          return fail(err);
        }
      };
      wrapped.add(connection);
    }
    return connection;
  };
  // SQLite rolls a transaction back by itself when a statement fails with SQLITE_FULL, IOERR or BUSY; the
  // ROLLBACK Kysely then sends fails ("no transaction is active") and that error would replace the real one.
  const rollback = driver.rollbackTransaction.bind(driver);
  driver.rollbackTransaction = async (connection) => {
    try {
      await rollback(connection);
    } catch (err) {
      if (!/no transaction is active/i.test((err as Error | null)?.message ?? '')) throw err;
    }
  };
  return driver;
}
