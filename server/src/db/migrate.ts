import { DEFAULT_MIGRATION_TABLE, Migrator, sql } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations/index';

const migratorOf = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/**
 * Brings the schema to the latest migration; throws with the failing migration's error. Safe when several
 * servers start at once: Kysely takes a lock (an advisory lock on PostgreSQL, the migration lock table on
 * SQLite) and the others find nothing left to run.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  await refuseNewerSchema(db);
  const { error, results } = await migratorOf(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Runs migrations up to and including `name` only: tests build an earlier release's schema with it. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await migratorOf(db).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export type MigrationState = {
  pending: string[];
  /** Migrations the database has run that this version does not know: it was migrated by a newer release. */
  unknown: string[];
};

/** What `migrateToLatest` would do, changing nothing. */
export async function migrationState(db: Db): Promise<MigrationState> {
  const known = await migratorOf(db).getMigrations();
  const ran = new Set(await readExecuted(db));
  return {
    pending: known.filter((m) => !m.executedAt).map((m) => m.name),
    unknown: [...ran].filter((name) => !Object.hasOwn(migrations, name)),
  };
}

async function readExecuted(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === DEFAULT_MIGRATION_TABLE)) return [];
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * With MIGRATE_ON_START=false a server never changes the schema: it starts only on a database that
 * `npm run migrate` has brought to exactly this version, and says what to do otherwise.
 */
export async function assertMigrated(db: Db): Promise<void> {
  const { pending } = await refuseNewerSchema(db);
  if (pending.length > 0)
    throw new Error(`The database needs ${pending.length} migration(s) (${pending.join(', ')}) and MIGRATE_ON_START is false: run \`npm run migrate\` first.`);
}

/** An older version must not run on a schema a newer one changed: going back is restoring the backup. */
async function refuseNewerSchema(db: Db): Promise<MigrationState> {
  const state = await migrationState(db);
  if (state.unknown.length > 0)
    throw new Error(
      `The database was migrated by a newer version of the site (${state.unknown.join(', ')}): run that version, or restore the backup taken before the upgrade.`,
    );
  return state;
}
