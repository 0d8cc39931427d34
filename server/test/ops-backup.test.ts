import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBNET_SETTING } from '../../common/settings-keys';
import type { Db } from '../src/db/database';
import { writeSetting } from '../src/db/repos/settings';
import { forgetVotingSettings } from '../src/services/gallery/voting-settings';
import {
  createTestDatabase,
  createTestUser,
  DIALECTS,
  newEntrant,
  openSubmissions,
  solvedVote,
  startAppOn,
  startTestApp,
  submitEntry,
  type TestApp,
  type TestDatabase,
} from './factories';
import { exitCodeOf, runUntilSettled, testSettings } from './media-helpers';
import { api } from './submission-client';

/**
 * Backups: `npm run backup` runs while votes flow, `npm run restore` puts the archive into an empty
 * DATA_DIR (and an empty database), and an app started on it has every counted vote as a row and an audit
 * line, and serves the cover and film of an entry submitted through the API.
 */
type Film = { status: string; hls: string | null; mp4: string | null };

/** The backup or restore command as an operator runs it, on `db`'s database and folder. */
function command(args: string[], db: { url: string; dataDir: string }): { child: ChildProcess; output: () => string } {
  const env = { ...process.env, DATABASE_URL: db.url, DATA_DIR: db.dataDir, LOG_LEVEL: 'error' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/backup.ts', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c) => (out += c));
  child.stderr?.on('data', (c) => (out += c));
  return { child, output: () => out };
}

async function run(args: string[], db: { url: string; dataDir: string }): Promise<string> {
  const { child, output } = command(args, db);
  const code = await exitCodeOf(child);
  expect(code, output()).toBe(0);
  return output();
}

async function tally(db: Db, entryId: number) {
  const counter = (await db.selectFrom('entries').select('vote_count').where('id', '=', entryId).executeTakeFirstOrThrow()).vote_count;
  const rows = (await db.selectFrom('votes').select(db.fn.countAll<number>().as('n')).where('entry_id', '=', entryId).executeTakeFirstOrThrow()).n;
  const audit = (
    await db
      .selectFrom('vote_audit')
      .select(db.fn.countAll<number>().as('n'))
      .where('entry_id', '=', entryId)
      .where('outcome', '=', 'counted')
      .executeTakeFirstOrThrow()
  ).n;
  return { counter: Number(counter), rows: Number(rows), audit: Number(audit) };
}

describe.each(DIALECTS)('backup and restore on %s', (dialect) => {
  let t: TestApp;
  let target: TestDatabase;
  let restored: TestApp | undefined;
  let entryId: number;
  let film: Film;
  let coverUrl: string;
  const archive = () => path.join(t.db.dataDir, '..', `${path.basename(t.db.dataDir)}-backup.tgz`);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const base = await openSubmissions(t);
    const entry = await submitEntry(await newEntrant(t, base));
    entryId = entry.id;
    const admin = { base, token: (await createTestUser(t.ctx, { role: 'admin' })).token };
    expect((await api(admin, 'POST', `/api/admin/entries/${entryId}/approve`)).status).toBe(200);
    expect((await runUntilSettled(t.ctx, entryId, testSettings())).status).toBe('done');
    const detail = (await t.app.inject({ url: `/api/gallery/entries/${entryId}` })).json().data;
    film = detail.film;
    coverUrl = detail.coverUrl;
    target = await createTestDatabase(dialect);
    // The flowing votes come from one /24: lift its hourly budget, so no vote meets the step-up's hard work.
    await writeSetting(t.ctx.db, SUBNET_SETTING, 1_000_000);
    forgetVotingSettings(t.ctx.db);
  }, 180_000);
  afterAll(async () => {
    await restored?.close();
    await t?.close();
    await target?.drop();
    fs.rmSync(archive(), { force: true });
  });

  it('a backup taken while votes flow restores into an empty folder: counter = rows = audit; cover and film served', async () => {
    let flowing = true;
    let cast = 0;
    let castDuringBackup = 0;
    let voter = 0;
    const voteOnce = async () => {
      const i = ++voter;
      const ip = `10.9.${(i >> 8) & 255}.${i & 255}`;
      const res = await t.app.inject({ method: 'POST', url: `/api/gallery/entries/${entryId}/vote`, remoteAddress: ip, payload: await solvedVote(t, ip) });
      expect(res.json().code).toBe(0);
      cast++;
    };
    // Votes keep arriving, eight at a time, for as long as the backup runs.
    const flow = (async () => {
      while (flowing) await Promise.all(Array.from({ length: 8 }, voteOnce));
    })();
    await Promise.all(Array.from({ length: 8 }, voteOnce)); // some before the backup starts
    const before = cast;
    const backup = command(['--out', archive()], t.db);
    const code = await exitCodeOf(backup.child);
    castDuringBackup = cast - before;
    flowing = false;
    await flow;
    expect(code, backup.output()).toBe(0);
    expect(backup.output()).toMatch(/backup .*: \d+ files, [\d.]+ MB read, [\d.]+ MB written in [\d.]+ s/);
    expect(backup.output()).toMatch(/backup: 100% /); // the progress line
    expect(castDuringBackup).toBeGreaterThan(0);

    // Restored into an empty folder and an empty database, then an app started on them.
    const out = await run(['restore', archive()], target);
    expect(out).toMatch(/restored \d+ files .* integrity checked/);
    restored = await startAppOn(target);
    const got = await tally(restored.ctx.db, entryId);
    expect(got.counter).toBeGreaterThanOrEqual(8);
    expect(got.rows).toBe(got.counter);
    expect(got.audit).toBe(got.counter);
    expect(got.counter).toBeLessThanOrEqual(cast);
    const source = await tally(t.ctx.db, entryId);
    expect(source).toEqual({ counter: cast, rows: cast, audit: cast });

    // The entry's cover and film, byte for byte, from the restored app.
    const detail = (await restored.app.inject({ url: `/api/gallery/entries/${entryId}` })).json().data;
    expect(detail.coverUrl).toBe(coverUrl);
    expect(detail.film).toMatchObject({ status: 'done', hls: film.hls, mp4: film.mp4 });
    for (const url of [coverUrl, film.mp4 as string, film.hls as string]) {
      const [was, now] = await Promise.all([t.app.inject({ url }), restored.app.inject({ url })]);
      expect(now.statusCode, url).toBe(200);
      expect(now.rawPayload.equals(was.rawPayload), url).toBe(true);
    }
  }, 240_000);

  it('refuses a folder that is not empty, and a damaged archive leaves the target untouched', async () => {
    const full = command(['restore', archive()], t.db); // the running site's own folder
    expect(await exitCodeOf(full.child)).toBe(1);
    expect(full.output()).toMatch(/is not empty: a restore goes only into an empty DATA_DIR/);
    expect(full.output()).not.toMatch(/\n\s+at /); // a sentence, not a stack

    if (dialect === 'sqlite') {
      // A backup pointed at a folder with no database says so instead of writing an empty archive.
      const nowhere = await createTestDatabase(dialect);
      try {
        const res = command(['--out', path.join(nowhere.dataDir, 'x.tgz')], nowhere);
        expect(await exitCodeOf(res.child)).toBe(1);
        expect(res.output()).toMatch(/no database at .*: check DATABASE_URL and DATA_DIR/);
        expect(fs.readdirSync(nowhere.dataDir)).toEqual([]);
      } finally {
        await nowhere.drop();
      }
    }

    const damaged = `${archive()}.damaged`;
    const bytes = fs.readFileSync(archive());
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    fs.writeFileSync(damaged, bytes);
    const empty = await createTestDatabase(dialect);
    try {
      const res = command(['restore', damaged], empty);
      expect(await exitCodeOf(res.child)).toBe(1);
      expect(res.output()).toMatch(/nothing restored/);
      expect(fs.readdirSync(empty.dataDir)).toEqual([]);
      expect(fs.readdirSync(path.dirname(empty.dataDir)).filter((n) => n.startsWith(`${path.basename(empty.dataDir)}.restoring-`))).toEqual([]);
    } finally {
      fs.rmSync(damaged, { force: true });
      await empty.drop();
    }
  }, 120_000);
});
