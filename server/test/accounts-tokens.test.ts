import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/database';
import { findLiveToken, issueAccountToken, spendToken } from '../src/services/auth/account-tokens';
import { createSession, resolveSession } from '../src/services/auth/sessions';
import { createTestUser, DIALECTS, startTestApp, type TestApp } from './factories';

/** Issue 3 acceptance: 1,000 issued tokens are all distinct and the database holds none of them in clear. */
describe.each(DIALECTS)('accounts: tokens (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { demoContent: false });
  });
  afterAll(async () => t?.close());

  it('1,000 session tokens and 1,000 e-mail tokens: distinct, 256-bit, stored only as digests', async () => {
    const user = await createTestUser(t.ctx);
    const issued: string[] = [];
    for (let i = 0; i < 1000; i++) issued.push(await createSession(t.ctx.db, t.ctx.config, user.id));
    for (let i = 0; i < 1000; i++) issued.push((await issueAccountToken(t.ctx.db, user.id, i % 2 ? 'verify' : 'reset', 60)).token);
    expect(new Set(issued).size).toBe(2000);
    for (const tk of issued) expect(Buffer.from(tk, 'base64url')).toHaveLength(32);

    const sessions = await t.ctx.db.selectFrom('sessions').selectAll().execute();
    const tokens = await t.ctx.db.selectFrom('account_tokens').selectAll().execute();
    const stored = JSON.stringify([sessions, tokens]);
    const inClear = issued.filter((tk) => stored.includes(tk));
    console.log(
      `[accounts-tokens ${dialect}] tokens issued: ${issued.length}, distinct: ${new Set(issued).size}, found in clear in the database: ${inClear.length}`,
    );
    expect(inClear).toEqual([]);
    expect(new Set([...sessions, ...tokens].map((r) => r.token_digest)).size).toBe(sessions.length + tokens.length);
  });

  it('sessions end after the idle limit and after the absolute limit', async () => {
    const user = await createTestUser(t.ctx);
    const start = new Date('2030-01-01T00:00:00Z');
    const token = await createSession(t.ctx.db, t.ctx.config, user.id, start);
    const idle = t.ctx.config.sessionIdleMinutes * 60_000;
    await expect(resolveSession(t.ctx.db, t.ctx.config, token, new Date(start.getTime() + idle - 60_000))).resolves.toMatchObject({ id: user.id });
    // Used just now, so the idle clock restarted; past the absolute limit it still ends.
    const absolute = t.ctx.config.sessionAbsoluteDays * 86_400_000;
    await expect(resolveSession(t.ctx.db, t.ctx.config, token, new Date(start.getTime() + absolute + 1000))).rejects.toMatchObject({ code: 1008 });
    const idleToken = await createSession(t.ctx.db, t.ctx.config, user.id, start);
    await expect(resolveSession(t.ctx.db, t.ctx.config, idleToken, new Date(start.getTime() + idle + 60_000))).rejects.toMatchObject({ code: 1008 });
  });

  it('an e-mail token is spent once, even by two requests at the same time', async () => {
    const user = await createTestUser(t.ctx);
    const { token } = await issueAccountToken(t.ctx.db, user.id, 'reset', 60);
    expect(await findLiveToken(t.ctx.db, token, 'verify')).toBeUndefined();
    const results = await Promise.all([spendToken(t.ctx.db, token, 'reset'), spendToken(t.ctx.db, token, 'reset')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await findLiveToken(t.ctx.db, token, 'reset')).toBeUndefined();
    const row = await t.ctx.db.selectFrom('account_tokens').select('used_at').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.used_at && row.used_at <= nowIso()).toBeTruthy();
  });
});
