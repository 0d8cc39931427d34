import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest, migrationState } from '../db/migrate';
import { databaseLabel } from '../db/migration-state';

/**
 * `npm run migrate [-- --dry-run]`: brings the database to this version's schema apart from starting a
 * server, so an upgrade is: back up, migrate once, restart the servers (with MIGRATE_ON_START=false they
 * never migrate themselves). `--dry-run` lists what would run and changes nothing. Exit status 0 when the
 * schema is (or, with --dry-run, would be) current, 1 on failure.
 */
async function main(): Promise<number> {
  const dryRun = process.argv.includes('--dry-run');
  const config = loadConfig();
  console.log(`Database: ${databaseLabel(config.databaseUrl)}`);
  const { db } = openDatabase(config.databaseUrl);
  try {
    const { pending, unknown } = await migrationState(db);
    if (unknown.length > 0) {
      console.error(`This database was migrated by a newer version (${unknown.join(', ')}); nothing was changed.`);
      return 1;
    }
    if (pending.length === 0) {
      console.log('The schema is current: nothing to run.');
      return 0;
    }
    console.log(`${dryRun ? 'Would run' : 'Running'} ${pending.length} migration(s):`);
    for (const name of pending) console.log(`  ${name}`);
    if (dryRun) return 0;
    const ran = await migrateToLatest(db);
    console.log(`Done: ${ran.length} migration(s) ran.`);
    return 0;
  } catch (err) {
    console.error(`Migration failed: ${err instanceof Error ? err.message : String(err)}`);
    console.error('The failed migration was rolled back where the database allows it (PostgreSQL: always). Restore the backup if in doubt.');
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
