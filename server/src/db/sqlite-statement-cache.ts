import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * better-sqlite3 as Kysely sees it, with a bounded cache of prepared statements. Kysely prepares every query
 * anew, which cost about a tenth of a vote's CPU; the app runs a small, fixed set of SQL texts, so nearly
 * every query reuses its statement. A statement still being iterated (a streamed query) is never handed out
 * twice: a fresh one is prepared instead. SQLite re-prepares a cached statement by itself after a schema change.
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) return hit;
      const statement = sqlite.prepare(sql);
      if (!hit) {
        // Oldest first out: texts that vary (IN lists of many lengths) cannot grow it without bound.
        if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
