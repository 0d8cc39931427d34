import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const exec = promisify(execFile);

/** A refusal the backup and restore commands print as it is (no stack): the operator has something to fix. */
export class BackupRefusal extends Error {}

/**
 * A consistent copy of a live SQLite database through SQLite's online backup API: the server keeps writing
 * (WAL) while it runs, and the copy is the database as of one moment. Steps are large so that a steady flow of
 * votes cannot keep restarting it.
 */
export async function snapshotSqlite(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new BackupRefusal(`no database at ${source}: check DATABASE_URL and DATA_DIR (the server's own)`);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    await db.backup(target, { progress: () => 1_000_000 });
  } finally {
    db.close();
  }
}

/** Runs `pg_dump`/`pg_restore`; their absence is a clear refusal, not a stack trace. */
async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await exec(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new BackupRefusal(
        `${tool} not found: install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client), then run this again`,
      );
    }
    throw new BackupRefusal(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/** `pg_dump` in its custom format: one consistent snapshot of the whole database (a repeatable-read transaction). */
export function dumpPostgres(url: string, target: string): Promise<void> {
  return pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, `--dbname=${url}`]);
}

/** Loads a dump into the (empty) database at `url` in one transaction: a failure leaves it empty. */
export function restorePostgres(url: string, dump: string): Promise<void> {
  return pgTool('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, dump]);
}

/** How many tables the database at `url` has (a restore goes only into an empty one). */
export async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'");
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

/** SQLite's own full check of a restored file: 'ok', or what is wrong. */
export function sqliteIntegrity(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}
