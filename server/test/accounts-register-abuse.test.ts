import { describe, expect, it } from 'vitest';
import { badInputTally, DIALECTS, registerBody, useMailedApp } from './factories';

/**
 * Registration as a vote farm used it in account mode: 20 accounts on throwaway domains from one address in
 * an hour, 20 votes. Throwaway domains (mailchecker's list) are refused with 2033 before anything is written
 * or mailed; the votes of many accounts from one address are held by the account-mode budget
 * (gallery-voter-identity.test.ts).
 */
describe.each(DIALECTS)('registration abuse on %s', (dialect) => {
  const { t, sink, post } = useMailedApp(dialect, { demoContent: false }, { addresses: '10.2' });
  const tally = badInputTally(`registration abuse, ${dialect}`);
  const GOOD = 'Str0ng!pass';

  it('throwaway domains: 2033 on the e-mail field, no account, no mail; an ordinary address registers', async () => {
    for (const email of ['farm1@mailinator.com', 'farm2@guerrillamail.com', 'farm3@10minutemail.com']) {
      tally.tried++;
      const res = await post('/api/auth/register', await registerBody(t, { email, password: GOOD, confirmPassword: GOOD }), { 'x-locale': 'en-US' });
      if (res.json().code === 0) tally.accepted++;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 2033, msg: 'Throwaway e-mail addresses cannot register, please use your own address' });
      expect(res.json().data.fields.email.code).toBe(2033);
    }
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', 'like', 'farm%').execute()).toHaveLength(0);
    expect(sink.messages).toHaveLength(0);
    const ok = await post('/api/auth/register', await registerBody(t, { email: 'real.person@example.test', password: GOOD, confirmPassword: GOOD }));
    expect(ok.statusCode).toBe(201);
    expect(sink.to('real.person@example.test')).toHaveLength(1);
  });
});
