import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { ACCESS_TOKEN_KEY } from '../../common/constants';
import { PHASES_SETTING } from '../../common/settings-keys';

/**
 * Signs a fresh person in without the login UI (that is the accounts area's test): inserts a user and a
 * session digest straight into the e2e server's SQLite file, then puts the bearer token in localStorage
 * before the page loads, exactly where the app keeps it.
 */
export async function signInFresh(page: Page, opts: { verified?: boolean; locale?: string } = {}): Promise<{ email: string; token: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dataDir, 'contest.sqlite'));
  db.pragma('busy_timeout = 5000');
  const now = new Date();
  const iso = now.toISOString();
  const email = `submitter-${Date.now()}-${randomBytes(3).toString('hex')}@example.test`;
  const token = randomBytes(32).toString('base64url');
  try {
    const user = db
      .prepare('insert into users (email, password_hash, role, locale, verified_at, disabled_at, created_at) values (?, ?, ?, ?, ?, null, ?)')
      .run(email, 'not-a-login-password', 'user', opts.locale ?? 'en-US', opts.verified === false ? null : iso, iso);
    db.prepare('insert into sessions (user_id, token_digest, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)').run(
      user.lastInsertRowid,
      createHash('sha256').update(token).digest('hex'),
      iso,
      iso,
      new Date(now.getTime() + 86_400_000).toISOString(),
    );
  } finally {
    db.close();
  }
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('signed-in-once')) {
        localStorage.setItem(key as string, value as string);
        sessionStorage.setItem('signed-in-once', '1');
      }
    },
    [ACCESS_TOKEN_KEY, token],
  );
  return { email, token };
}

/** Runs `fn` with the contest's submission phase moved to the future (closed now), then restores it. */
export async function withSubmissionClosed(fn: (window: { start: string; end: string }) => Promise<void>): Promise<void> {
  const db = new Database(path.join(process.env.E2E_DATA_DIR as string, 'contest.sqlite'));
  db.pragma('busy_timeout = 5000');
  const row = db.prepare('select value from settings where key = ?').get(PHASES_SETTING) as { value: string } | undefined;
  const phases = row ? (JSON.parse(row.value) as Record<string, unknown>) : {};
  const day = 86_400_000;
  const window = { start: new Date(Date.now() + 10 * day).toISOString(), end: new Date(Date.now() + 20 * day).toISOString() };
  const write = (value: unknown) =>
    db
      .prepare('insert into settings (key, value) values (?, ?) on conflict(key) do update set value = excluded.value')
      .run(PHASES_SETTING, JSON.stringify(value));
  write({ ...phases, submission: window });
  try {
    await fn(window);
  } finally {
    if (row) write(phases);
    db.close();
  }
}
