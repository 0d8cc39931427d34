import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBody, startTestApp, type TestApp } from './factories';

/**
 * With REDIS_URL, the per-address abuse limits are counted in Redis, so several server instances share
 * them: an address that used up its register allowance on one server is refused on the next. Runs when
 * TEST_REDIS_URL is set (CI sets it when the local Redis answers).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('accounts: abuse limits shared through Redis by two server instances (sqlite; needs TEST_REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  // A fresh address and fresh e-mails per run: counters of earlier runs stay in Redis until their window
  // ends (the per-e-mail register limit is 5 an hour), and CI runs share this machine's Redis.
  const address = `10.${randomInt(200, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
  const run = randomBytes(6).toString('hex');

  beforeAll(async () => {
    a = await startTestApp('sqlite', { redisUrl, demoContent: false });
    b = await startTestApp('sqlite', { redisUrl, demoContent: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const register = async (t: TestApp, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: address,
      payload: await registerBody(t, { email, password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }),
    });

  it('20 registrations from one address on server A, then the 21st on server B is refused (1102) and writes nothing', async () => {
    for (let i = 0; i < 20; i++) expect((await register(a, `shared-${run}-${i}@example.test`)).json().data?.messageCode).toBe(2011);
    const refused = await register(b, `shared-${run}-20@example.test`);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 1102]);
    expect(await b.ctx.db.selectFrom('users').select('id').where('email', '=', `shared-${run}-20@example.test`).executeTakeFirst()).toBeUndefined();
    // Another address is not affected on either server.
    const other = await b.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '192.0.2.77',
      payload: await registerBody(b, { email: `other-address-${run}@example.test`, password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }),
    });
    expect(other.json().data?.messageCode).toBe(2011);
  });
});

describe('accounts: a Redis that cannot be reached (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, so every connection attempt is refused.
    t = await startTestApp('sqlite', { redisUrl: 'redis://127.0.0.1:1', demoContent: false });
  }, 30_000);
  afterAll(async () => t?.close());

  it('does not lock people out: register, resend and login still answer with their own codes (limits off until it is back)', async () => {
    const email = 'redis-down@example.test';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: await registerBody(t, { email, password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }),
    });
    expect(reg.json().data?.messageCode).toBe(2011);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Str0ng!pass' } });
    expect([login.statusCode, login.json().code]).toEqual([403, 1006]);
    const resend = await t.app.inject({ method: 'POST', url: '/api/auth/resend', payload: { email } });
    expect(resend.statusCode).toBe(200);
  });
});
