import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, startTestApp, type TestDatabase } from './factories';

/**
 * `npm run admin` run as the organiser runs it, a child process reading DATA_DIR / DATABASE_URL: every command
 * names the database it used; a mistyped DATA_DIR or an empty database is refused (nothing created, non-zero
 * exit) unless `--init` says to create it; the server's own database works as before.
 */
const CLI = path.join('server', 'src', 'cli', 'admin.ts');
const PASSWORD = 'Organ1ser!x';

type Run = { code: number; stdout: string; stderr: string };

function runAdmin(args: string[], env: { DATA_DIR?: string; DATABASE_URL?: string }): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', REDIS_URL: '', DEMO_CONTENT: 'false', ...env }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
    child.stdin?.end(`${PASSWORD}\n${PASSWORD}\n`);
  });
}

async function tablesIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'")).rows.map(
      (r) => r.table_name,
    );
  } finally {
    await client.end();
  }
}

/** A PostgreSQL URL with a password in it (the local server trusts loopback, so any password connects). */
function withPassword(url: string, password: string): string {
  const u = new URL(url);
  u.password = password;
  return u.toString();
}

describe('npm run admin on SQLite: a DATA_DIR that holds no contest database', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-admin-cli-'));
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('refuses to create an organiser there, says what it looked for, and leaves nothing behind', async () => {
    const typo = path.join(parent, 'dta'); // the organiser meant ./data
    const run = await runAdmin(['create', '--email', 'first@organiser.test'], { DATA_DIR: typo });
    expect(run.code, run.stdout + run.stderr).not.toBe(0);
    const file = path.join(typo, 'contest.sqlite');
    expect(run.stdout + run.stderr).toContain(file);
    expect(run.stderr).toMatch(/no contest database/i);
    expect(run.stderr).toContain('--init');
    expect(run.stdout).not.toMatch(/created/);
    expect(fs.existsSync(typo)).toBe(false);
  }, 90_000);

  it('an existing folder without the file: refused, the folder stays empty', async () => {
    const empty = fs.mkdtempSync(path.join(parent, 'empty-'));
    const run = await runAdmin(['create', '--email', 'first@organiser.test'], { DATA_DIR: empty });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(path.join(empty, 'contest.sqlite'));
    expect(fs.readdirSync(empty)).toEqual([]);
  }, 90_000);

  it('with --init creates and migrates the database, creates the organiser, and prints the file', async () => {
    const fresh = path.join(parent, 'new-contest');
    const run = await runAdmin(['create', '--email', 'first@organiser.test', '--init'], { DATA_DIR: fresh });
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(fresh, 'contest.sqlite');
    expect(run.stdout).toContain(file);
    expect(run.stdout).toContain('admin first@organiser.test created');
    expect(fs.existsSync(file)).toBe(true);
    // The database is now a migrated one: the next command needs no --init and finds the organiser there.
    const again = await runAdmin(['create', '--email', 'first@organiser.test'], { DATA_DIR: fresh });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(file);
    expect(again.stdout).toContain('first@organiser.test is now an admin');
  }, 120_000);

  it('revoke names the database too and refuses one that does not exist', async () => {
    const typo = path.join(parent, 'dat');
    const run = await runAdmin(['revoke', '--email', 'first@organiser.test'], { DATA_DIR: typo });
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(path.join(typo, 'contest.sqlite'));
    expect(fs.existsSync(typo)).toBe(false);
  }, 90_000);
});

describe.each(DIALECTS)('npm run admin on the server’s own %s database', (dialect) => {
  it('creates an organiser who can sign in to the running app, and names the database', async () => {
    const t = await startTestApp(dialect, { demoContent: false });
    try {
      const url = dialect === 'postgres' ? withPassword(t.db.url, 's3cret-pw') : t.db.url;
      const run = await runAdmin(['create', '--email', 'boss@organiser.test'], { DATA_DIR: t.db.dataDir, DATABASE_URL: url });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('admin boss@organiser.test created');
      const shown = new URL(t.db.url);
      const where = dialect === 'sqlite' ? path.resolve(t.db.url.slice('sqlite:'.length)) : `postgres@${shown.hostname}:${shown.port}${shown.pathname}`;
      expect(run.stdout).toContain(where);
      expect(run.stdout + run.stderr).not.toContain('s3cret-pw');
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boss@organiser.test', password: PASSWORD } });
      expect(login.json().code, login.body).toBe(0);
      expect(login.json().data.user.role).toBe('admin');

      const revoke = await runAdmin(['revoke', '--email', 'boss@organiser.test'], { DATA_DIR: t.db.dataDir, DATABASE_URL: url });
      expect(revoke.code, revoke.stderr).toBe(0);
      expect(revoke.stdout).toContain('boss@organiser.test is no longer an admin');
      expect(revoke.stdout).toContain(where);
    } finally {
      await t.close();
    }
  }, 180_000);
});

describe.runIf(DIALECTS.includes('postgres'))('npm run admin on an empty PostgreSQL database', () => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('refuses without --init (no table made), creates the organiser with it; never prints the password', async () => {
    db = await createTestDatabase('postgres');
    const url = withPassword(db.url, 's3cret-pw');
    const refused = await runAdmin(['create', '--email', 'first@organiser.test'], { DATA_DIR: db.dataDir, DATABASE_URL: url });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/kysely_migration/);
    expect(refused.stderr).toContain('--init');
    expect(refused.stdout + refused.stderr).not.toContain('s3cret-pw');
    expect(refused.stdout + refused.stderr).toContain(new URL(db.url).pathname);
    expect(await tablesIn(db.url)).toEqual([]);

    const created = await runAdmin(['create', '--email', 'first@organiser.test', '--init'], { DATA_DIR: db.dataDir, DATABASE_URL: url });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('admin first@organiser.test created');
    expect(created.stdout + created.stderr).not.toContain('s3cret-pw');
  }, 120_000);
});
