import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/** Auto-increment integer primary key in either dialect. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function idType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`serial` : sql`integer`;
}

export function idColumn(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) => (isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement());
}
