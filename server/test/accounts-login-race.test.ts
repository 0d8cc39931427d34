import { describe, expect, it, vi } from 'vitest';
import { createTestUser, DIALECTS, linkIn, useMailedApp } from './factories';

/**
 * Pen-test finding: the per-account login limit (AUTH_LIMIT_LOGIN_ACCOUNT, default 10 per 15 min) was
 * check -> hash -> record, so parallel wrong passwords all passed the check before any was recorded and got
 * real argon2 checks past the limit. Every argon2 verification is counted here through the library itself.
 */
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      verifications.count++;
      return real.verify(...args);
    },
  };
});

const LIMIT = 10; // the default of AUTH_LIMIT_LOGIN_ACCOUNT
const WINDOW_MS = 15 * 60_000;

describe.each(DIALECTS)('accounts: per-account login limit under parallel attempts (%s)', (dialect) => {
  // Every attempt from its own address, so the per-address limit (50/15 min) never answers instead.
  const { t, sink, nextIp: freshIp } = useMailedApp(dialect, { demoContent: false }, { addresses: '10.9' });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: freshIp() });
  const parallelWrong = async (email: string, n: number) => {
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => login(email, `Wr0ng!race${i}`)));
    return answers.map((a) => a.json().code as number);
  };
  /** Moves the account's counting window into the past, as if its 15 minutes had gone by. */
  const ageWindow = (userId: number) =>
    t.ctx.db
      .updateTable('login_failures')
      .set({ window_started_at: new Date(Date.now() - WINDOW_MS - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();

  it('40 parallel wrong passwords for one account: at most 10 reach argon2 (1007), the rest are 1101 with Retry-After', async () => {
    const user = await createTestUser(t.ctx, { email: 'race@example.test' });
    verifications.count = 0;
    const codes = await parallelWrong(user.email, 40);
    const wrong = codes.filter((c) => c === 1007).length;
    const locked = codes.filter((c) => c === 1101).length;
    expect({ wrong, locked, other: 40 - wrong - locked }).toEqual({ wrong: LIMIT, locked: 40 - LIMIT, other: 0 });
    expect(verifications.count).toBe(LIMIT);

    // Locked: the right password is refused too, without a password check.
    const right = await login(user.email, user.password);
    expect([right.statusCode, right.json().code]).toEqual([429, 1101]);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(verifications.count).toBe(LIMIT);
  });

  it('after the window the right password works, and a success clears the counter for the next window', async () => {
    const user = await createTestUser(t.ctx, { email: 'window@example.test' });
    expect((await parallelWrong(user.email, 15)).filter((c) => c === 1101)).toHaveLength(15 - LIMIT);
    await ageWindow(user.id);
    const right = await login(user.email, user.password);
    expect([right.statusCode, right.json().code]).toEqual([200, 0]);
    expect(await t.ctx.db.selectFrom('login_failures').selectAll().where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();

    // Nine wrong, one right (clears), then ten more wrong are all still checked: the success forgave the nine.
    expect(await parallelWrong(user.email, LIMIT - 1)).toEqual(Array(LIMIT - 1).fill(1007));
    expect((await login(user.email, user.password)).json().code).toBe(0);
    verifications.count = 0;
    expect(await parallelWrong(user.email, LIMIT)).toEqual(Array(LIMIT).fill(1007));
    expect(verifications.count).toBe(LIMIT);
    expect((await login(user.email, 'Wr0ng!again')).json().code).toBe(1101);
  });

  it('a password reset lifts the lock', async () => {
    const user = await createTestUser(t.ctx, { email: 'reset-race@example.test' });
    await parallelWrong(user.email, 20);
    expect((await login(user.email, user.password)).json().code).toBe(1101);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: user.email }, remoteAddress: freshIp() });
    const token = new URL(linkIn(sink.to(user.email)[0])).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token, password: 'Fr3sh!race', confirmPassword: 'Fr3sh!race' },
      remoteAddress: freshIp(),
    });
    expect(reset.json().code).toBe(0);
    const after = await login(user.email, 'Fr3sh!race');
    expect([after.statusCode, after.json().code]).toEqual([200, 0]);
  });
});
