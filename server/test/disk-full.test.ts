import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { classifyFailure, failureAsAppError, markDatabaseError } from '../src/db/failures';
import {
  createTestDatabase,
  createTestUser,
  type Entrant,
  makeZip,
  newEntrant,
  openSubmissions,
  registerBody,
  SMALL_PDF,
  solvePow,
  startAppOn,
  type TestApp,
  type TestDatabase,
} from './factories';
import { beginUpload, patch } from './submission-client';

/**
 * Fault drill: the disk fills up. Where the test may mount a small tmpfs (root), the disk really fills;
 * elsewhere the same failures are injected (a file that is /dev/full, a plugin that fails writes).
 */
const MB = 1024 * 1024;

/** Mounts a tmpfs of `size` MB at `dir`; false when this process may not mount. */
function mountTmpfs(dir: string, size: number): boolean {
  if (process.env.DISK_FULL_NO_MOUNT === '1') return false; // to exercise the fallback on a machine that can mount
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}m`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function unmount(dir: string) {
  try {
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
  } catch {
    // not mounted
  }
}

/** Writes a file until the file system refuses: ENOSPC. */
function fillDisk(file: string) {
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(256 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    fs.closeSync(fd);
  }
  // The last partial block may have left a few bytes: fill them too.
  const tail = fs.openSync(file, 'a');
  try {
    for (;;) fs.writeSync(tail, Buffer.alloc(512, 1));
  } catch {
    // full
  } finally {
    fs.closeSync(tail);
  }
}

type SmallDisk = { db: TestDatabase; dir: string; mounted: boolean; remove: () => Promise<void> };

/** A fresh SQLite database, and a folder on a tmpfs of `size` MB where this process may mount one (`mounted`), else a plain folder. */
async function smallDisk(prefix: string, size: number): Promise<SmallDisk> {
  const db = await createTestDatabase('sqlite');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const mounted = mountTmpfs(dir, size);
  return {
    db,
    dir,
    mounted,
    remove: async () => {
      if (mounted) unmount(dir);
      fs.rmSync(dir, { recursive: true, force: true });
      await db.drop();
    },
  };
}

describe('classifying infrastructure failures', () => {
  const err = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('reads out-of-space from the file system, SQLite and PostgreSQL', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'EFBIG', 'SQLITE_FULL', 'SQLITE_IOERR_WRITE', '53100']) {
      expect(classifyFailure(err(code))?.kind, code).toBe('outOfSpace');
      expect(failureAsAppError(err(code))).toMatchObject({ code: 9507, status: 507 });
    }
  });

  it('reads an unreachable database, and a network code only when the database driver raised it', () => {
    for (const code of ['57P01', '57P03', '08006', 'SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR_SHORT_READ']) {
      expect(classifyFailure(err(code))?.kind, code).toBe('unavailable');
    }
    expect(classifyFailure(err('ECONNREFUSED'))).toBeUndefined(); // could be SMTP or S3
    expect(classifyFailure(markDatabaseError(err('ECONNREFUSED')))?.kind).toBe('unavailable');
    expect(classifyFailure(markDatabaseError(new Error('Connection terminated unexpectedly')))?.kind).toBe('unavailable');
    const wrapped = new Error('login failed', { cause: markDatabaseError(err('ECONNRESET')) });
    expect(failureAsAppError(wrapped)).toMatchObject({ code: 9503, status: 503, headers: { 'retry-after': '5' } });
    expect(classifyFailure(err('SQLITE_CONSTRAINT_UNIQUE'))).toBeUndefined();
    expect(classifyFailure(new Error('boom'))).toBeUndefined();
  });
});

describe('a resumable upload when the disk fills', () => {
  let disk: SmallDisk;
  let t: TestApp;
  let client: Entrant;

  beforeAll(async () => {
    disk = await smallDisk('mfc-full-uploads-', 8);
    // The uploads go to the small disk; the database file stays off it. No free-disk reserve: this drill is about
    // a chunk that no longer fits (the reserve, which refuses new uploads first, has its own test: submission-quota).
    const uploads = { ...loadConfig({}).uploads, diskReserveBytes: 0 };
    t = await startAppOn(disk.db, { demoContent: false, dataDir: disk.dir, uploads }, { logLevel: 'info' });
    client = await newEntrant(t, await openSubmissions(t));
  });
  afterAll(async () => {
    await t?.close();
    await disk?.remove();
  });

  it('answers 507 (9507) as JSON, logs the cause once, keeps the upload resumable at its last good offset', async () => {
    const data = makeZip([
      { name: 'letter.pdf', data: SMALL_PDF },
      { name: 'scan.bin', data: randomBytes(12 * MB) },
    ]);
    const { location, id } = await beginUpload(client, 'empower', data, 'package.zip');
    const file = path.join(disk.dir, 'uploads', id);

    const refusedAt = async (offset: number) => {
      const full = await patch(client, location, offset, data.subarray(offset));
      expect(full.status).toBe(507);
      expect(full.headers.get('content-type')).toBe('application/json; charset=utf-8');
      // The body is the JSON envelope, as every refusal of the upload protocol (no raw ENOSPC text).
      const text = await full.text();
      expect(text).not.toMatch(/ENOSPC|no space/i);
      expect(JSON.parse(text)).toMatchObject({ code: 9507, msg: 'The server is out of storage space, please try again later' });
      const logged = t.lines.filter((l) => /out of storage space/.test(l.msg));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 50, code: 'ENOSPC', uploadId: id, offset });
      expect(String(logged[0]?.path)).toContain(id);
    };
    if (!disk.mounted) {
      // No tmpfs: the upload's file becomes /dev/full, where every write fails with ENOSPC as on a full
      // disk. It cannot be truncated nor freed, so the resumption below needs a real disk.
      fs.rmSync(file);
      fs.symlinkSync('/dev/full', file);
      await refusedAt(0);
      return;
    }

    const first = await patch(client, location, 0, data.subarray(0, 4 * MB));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(4 * MB));
    await refusedAt(4 * MB);

    // The partial chunk gave its space back: the file is cut to the last acknowledged offset, and HEAD says so.
    expect(fs.statSync(file).size).toBe(4 * MB);
    const head = await fetch(`${client.base}${location}`, { method: 'HEAD', headers: { authorization: `Bearer ${client.token}`, 'tus-resumable': '1.0.0' } });
    expect(head.headers.get('upload-offset')).toBe(String(4 * MB));

    // Space returns: the client resumes where HEAD said, and the package is accepted.
    execFileSync('mount', ['-o', 'remount,size=64m', disk.dir]);
    const resumed = await patch(client, location, 4 * MB, data.subarray(4 * MB));
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ code: 0 });
    expect(fs.statSync(file).size).toBe(data.length);
  }, 60_000);
});

describe('votes, login and register when the database cannot write (sqlite)', () => {
  let disk: SmallDisk;
  let t: TestApp;
  let filler: string;
  let user: { email: string; password: string };
  let failWrites = false;

  beforeAll(async () => {
    disk = await smallDisk('mfc-full-db-', 48);
    filler = path.join(disk.dir, 'filler');
    // Demo content: an approved entry in an open voting phase. The database file lives on the small disk.
    const overrides = { demoContent: true, databaseUrl: `sqlite:${path.join(disk.dir, 'contest.sqlite')}` };
    const adjust = (ctx: AppContext) => {
      if (disk.mounted) return;
      // No tmpfs: writes fail as SQLite fails them on a full disk.
      const refuseWrites: KyselyPlugin = {
        transformQuery({ node }) {
          if (failWrites && ['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode'].includes(node.kind)) {
            throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
          }
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      ctx.db = ctx.db.withPlugin(refuseWrites);
    };
    t = await startAppOn(disk.db, overrides, { logLevel: 'info', adjust });
    user = await createTestUser(t.ctx, { verified: true });
    if (disk.mounted) {
      // New writes must grow the WAL file, so they need disk space that is no longer there.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.ctx.db);
      fillDisk(filler);
    } else {
      failWrites = true;
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await disk?.remove();
  });

  /** A vote as the page sends it: a challenge fetched (a read and a signature: no write) and solved. */
  const vote = async () => {
    const challenge = (await t.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: '203.0.113.50' })).json().data as PowChallenge;
    const payload = { altcha: solvePow(challenge).altcha };
    return t.app.inject({ method: 'POST', url: '/api/gallery/entries/1/vote', payload, remoteAddress: '203.0.113.50', headers: { 'x-locale': 'zh-CN' } });
  };

  it('answers 507 (9507) to a vote, a login and a registration, while reads keep answering 200', async () => {
    const voted = await vote();
    expect(voted.statusCode, voted.body).toBe(507);
    expect(voted.json()).toEqual({ code: 9507, msg: '服务器存储空间不足，请稍后再试' });

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
    expect(login.statusCode, login.body).toBe(507);
    expect(login.json().code).toBe(9507);

    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-locale': 'zh-TW' },
      payload: await registerBody(t, { email: `new-${Date.now()}@example.test`, password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x' }),
    });
    expect(register.statusCode, register.body).toBe(507);
    expect(register.json()).toEqual({ code: 9507, msg: '伺服器儲存空間不足，請稍後再試' });

    expect((await t.app.inject({ method: 'GET', url: '/api/gallery' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/news?page=1' })).statusCode).toBe(200);

    // Each refused write is named (with its code), none as an unhandled error with a stack.
    const named = t.lines.filter((l) => /out of storage space/.test(l.msg));
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named[0]).toMatchObject({ level: 40, code: 'SQLITE_FULL' });
    expect(t.lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('takes votes again once space is freed', async () => {
    if (disk.mounted) fs.rmSync(filler);
    else failWrites = false;
    const voted = await vote();
    expect(voted.statusCode, voted.body).toBe(200);
    expect(voted.json().code).toBe(0);
  });
});
