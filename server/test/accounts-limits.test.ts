import { describe, expect, it } from 'vitest';
import { badInputTally, createTestUser, DIALECTS, linkIn, registerBody, useMailedApp } from './factories';

/**
 * Issue 3 acceptance, abuse limits with separate keys: per account (whatever the address) and per address
 * (whatever the account), on login, register, resend and reset; each refusal is 429 with its own code.
 * Default limits (config.ts, AUTH_LIMIT_*): login 10 failures per account, 50 per address / 15 min;
 * register 5 per e-mail, 20 per address; resend and reset 3 per e-mail, 10 per address / hour.
 */
describe.each(DIALECTS)('accounts: abuse limits (%s)', (dialect) => {
  const { t, sink, nextIp: freshIp } = useMailedApp(dialect, { demoContent: false }, { addresses: '10.3' });
  const tally = badInputTally(`accounts-limits ${dialect}`);
  const post = (url: string, payload: unknown, remoteAddress = freshIp()) => t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

  it('the 11th wrong password for one account is refused with 429 from a new address; a reset lifts it', async () => {
    const user = await createTestUser(t.ctx, { email: 'target@example.test' });
    for (let i = 0; i < 10; i++) {
      tally.tried++;
      const res = await post('/api/auth/login', { email: user.email, password: `Wr0ng!pass${i}` });
      if (res.json().code === 0) tally.accepted++;
      expect(res.json().code).toBe(1007);
    }
    tally.tried++;
    const eleventh = await post('/api/auth/login', { email: user.email, password: 'Wr0ng!pass10' });
    expect([eleventh.statusCode, eleventh.json().code]).toEqual([429, 1101]);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // Locked means locked: even the right password waits (otherwise guessing would go on).
    const right = await post('/api/auth/login', { email: user.email, password: user.password });
    expect([right.statusCode, right.json().code]).toEqual([429, 1101]);
    // Another account is not affected.
    const other = await createTestUser(t.ctx, { email: 'other@example.test' });
    expect((await post('/api/auth/login', { email: other.email, password: other.password })).json().code).toBe(0);

    await post('/api/auth/forgot', { email: user.email });
    const token = new URL(linkIn(sink.to(user.email)[0])).searchParams.get('token');
    expect((await post('/api/auth/reset', { token, password: 'Fr3sh!start', confirmPassword: 'Fr3sh!start' })).json().code).toBe(0);
    const after = await post('/api/auth/login', { email: user.email, password: 'Fr3sh!start' });
    expect([after.statusCode, after.json().code]).toEqual([200, 0]);
  });

  it('one address is limited across accounts on login (1102)', async () => {
    const address = '192.0.2.7';
    let last = 0;
    for (let i = 0; i < 51; i++) {
      tally.tried++;
      const res = await post('/api/auth/login', { email: `nobody${i}@example.test`, password: 'Wr0ng!pass' }, address);
      last = res.json().code;
      if (last === 0) tally.accepted++;
      if (i < 50) expect(last).toBe(1005);
    }
    expect(last).toBe(1102);
    // The same account from another address is still answered normally.
    expect((await post('/api/auth/login', { email: 'nobody0@example.test', password: 'Wr0ng!pass' })).json().code).toBe(1005);
  });

  it('register is limited per e-mail (1103) and per address (1102), with separate keys', async () => {
    // Per e-mail: the same address registered from 6 addresses (each 1003 after the first), the 6th is 429.
    const email = 'busy@example.test';
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await post('/api/auth/register', await registerBody(t, { email, password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }))).json().code);
    }
    expect(codes).toEqual([0, 1003, 1003, 1003, 1003, 1103]);
    // Per address: 20 different e-mails from one address pass, the 21st is refused.
    const address = '198.51.100.9';
    for (let i = 0; i < 20; i++) {
      const res = await post(
        '/api/auth/register',
        await registerBody(t, { email: `many${i}@example.test`, password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }),
        address,
      );
      expect(res.json().code).toBe(0);
    }
    tally.tried++;
    const res = await post(
      '/api/auth/register',
      await registerBody(t, { email: 'many20@example.test', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }),
      address,
    );
    if (res.json().code === 0) tally.accepted++;
    expect([res.statusCode, res.json().code]).toEqual([429, 1102]);
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'many20@example.test').executeTakeFirst()).toBeUndefined();
  });

  it('resend (1104) and reset (1105) are limited per e-mail; the limit is per account, not global', async () => {
    await post('/api/auth/register', await registerBody(t, { email: 'slow@example.test', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }));
    const resend = [];
    for (let i = 0; i < 4; i++) resend.push((await post('/api/auth/resend', { email: 'slow@example.test' })).json().code);
    expect(resend).toEqual([0, 0, 0, 1104]);
    expect(sink.to('slow@example.test')).toHaveLength(4); // registration + 3 resends

    const user = await createTestUser(t.ctx, { email: 'forgetful@example.test' });
    const reset = [];
    for (let i = 0; i < 4; i++) reset.push((await post('/api/auth/forgot', { email: user.email })).json().code);
    expect(reset).toEqual([0, 0, 0, 1105]);
    const other = await createTestUser(t.ctx, { email: 'calm@example.test' });
    expect((await post('/api/auth/forgot', { email: other.email })).json().code).toBe(0);
    tally.tried += 2;
  });

  it('one address is limited on resend and reset across accounts (1102)', async () => {
    const address = '203.0.113.5';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await post('/api/auth/forgot', { email: `ghost${i}@example.test` }, address)).json().code);
    expect(codes.slice(0, 10).every((c) => c === 1005)).toBe(true);
    expect(codes[10]).toBe(1102);
    const resend: number[] = [];
    for (let i = 0; i < 11; i++) resend.push((await post('/api/auth/resend', { email: `ghost${i}@example.test` }, address)).json().code);
    expect(resend[10]).toBe(1102);
    tally.tried += 2;
  });
});
