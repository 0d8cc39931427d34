import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateTo } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { hashPassword } from '../src/services/auth/passwords';
import { createTestDatabase, DIALECTS, startAppOn, type TestDatabase } from './factories';

/**
 * Upgrading a running contest: a database left by the previous release (its schema, its people, entries,
 * votes and pages) is brought to this version by `npm run migrate`, apart from starting a server, with its
 * data intact. Servers started with MIGRATE_ON_START=false refuse a database that still needs migrations,
 * and every server refuses one a newer version migrated (going back is restoring the backup).
 *
 * PREVIOUS_RELEASE is the last migration of the release before this one: move it forward when a release ships.
 */
const PREVIOUS_RELEASE = '0018_results_mailings';
const root = path.resolve(import.meta.dirname, '../..');

function migrateCli(db: TestDatabase, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/cli/migrate.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_URL: db.url, DATA_DIR: db.dataDir, DEMO_CONTENT: 'false' },
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const later = Object.keys(migrations).slice(Object.keys(migrations).indexOf(PREVIOUS_RELEASE) + 1);

describe.each(DIALECTS)('upgrading a previous release on %s', (dialect) => {
  let db: TestDatabase;
  const now = new Date().toISOString();

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    // The previous release's database, written the way that release wrote it.
    const { db: old } = openDatabase(db.url);
    try {
      await migrateTo(old, PREVIOUS_RELEASE);
      const passwordHash = await hashPassword('Passw0rd!x');
      await sql`insert into users (email, password_hash, role, locale, verified_at, created_at) values ('kept@example.test', ${passwordHash}, 'user', 'en-US', ${now}, ${now})`.execute(
        old,
      );
      await sql`insert into entries (user_id, submission_no, entry_no, status, "group", title, description, team, team_desc, slogan, vote_count, locale, created_at, updated_at, approved_at)
        values (1, 'S2026-000001', 1, 'approved', 'student', 'Kept Film', 'A film that was there before the upgrade.', 'Kept Team', 'A team from before.', 'Still here', 7, 'en-US', ${now}, ${now}, ${now})`.execute(
        old,
      );
      await sql`insert into votes (entry_id, voter_key, ip, slot, created_at) values (1, 'voter-1', '198.51.100.1', 'slot-1', ${now})`.execute(old);
      await sql`insert into pages (slug, i18n, extra, updated_at) values ('aboutUs', ${JSON.stringify({ 'en-US': { title: 'About the kept contest', content: '<p>Kept.</p>' } })}, '{}', ${now})`.execute(
        old,
      );
    } finally {
      await old.destroy();
    }
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('lists what would run with --dry-run and changes nothing', () => {
    expect(later.length).toBeGreaterThan(0);
    const dry = migrateCli(db, '--dry-run');
    expect(dry.status, dry.out).toBe(0);
    for (const name of later) expect(dry.out).toContain(name);
    expect(dry.out).toMatch(/Would run/);
    const again = migrateCli(db, '--dry-run');
    expect(again.out).toContain(later[0]);
  });

  it('a server with MIGRATE_ON_START=false refuses the old schema and says what to run', async () => {
    await expect(startAppOn(db, { demoContent: false, migrateOnStart: false })).rejects.toThrow(/npm run migrate/);
  });

  it('npm run migrate brings it to this version with its data intact, and a server then starts on it', async () => {
    const run = migrateCli(db);
    expect(run.status, run.out).toBe(0);
    expect(run.out).toMatch(new RegExp(`Done: ${later.length} migration`));
    expect(migrateCli(db, '--dry-run').out).toMatch(/nothing to run/);

    const t = await startAppOn(db, { demoContent: false, migrateOnStart: false });
    try {
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'kept@example.test', password: 'Passw0rd!x' } });
      expect(login.json().code).toBe(0);
      const entry = await t.ctx.db.selectFrom('entries').select(['title', 'group', 'status', 'entry_no', 'vote_count']).executeTakeFirstOrThrow();
      expect(entry).toEqual({ title: 'Kept Film', group: 'student', status: 'approved', entry_no: 1, vote_count: 7 });
      expect(await t.ctx.db.selectFrom('votes').select(['entry_id', 'ip']).execute()).toEqual([{ entry_id: 1, ip: '198.51.100.1' }]);
      // A page that was public before the publish switch existed is still public.
      const page = await t.app.inject({ method: 'GET', url: '/api/pages/aboutUs', headers: { 'x-locale': 'en-US' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('About the kept contest');
    } finally {
      await t.close();
    }
  });

  it('an older version refuses a database a newer one migrated, and the CLI changes nothing', async () => {
    const { db: raw } = openDatabase(db.url);
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', ${now})`.execute(raw);
    } finally {
      await raw.destroy();
    }
    await expect(startAppOn(db, { demoContent: false })).rejects.toThrow(/newer version.*9999_from_the_future/);
    const cli = migrateCli(db);
    expect(cli.status).toBe(1);
    expect(cli.out).toMatch(/newer version/);
  });
});
