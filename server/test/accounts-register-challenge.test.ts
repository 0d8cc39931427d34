import { describe, expect, it } from 'vitest';
import { encodeSolution, type PowSolution } from '../../common/challenge';
import { badInputTally, DIALECTS, registerBody, solvedChallenge, useMailedApp } from './factories';

/**
 * Registration pays a proof of work: an account is a vote in account mode, so a script making twenty of them
 * does twenty solves. The body carries a solved `register` challenge from GET /api/challenge, spent once;
 * without one (2013), forged or of another purpose (3001) or used before (3004) nothing is written or mailed.
 */
describe.each(DIALECTS)('registration challenge on %s', (dialect) => {
  const { t, sink, post } = useMailedApp(dialect, { demoContent: false }, { addresses: '10.4' });
  const tally = badInputTally(`registration challenge, ${dialect}`);
  const GOOD = 'Str0ng!pass';
  const fields = (email: string) => ({ email, password: GOOD, confirmPassword: GOOD });
  const users = async () => (await t.ctx.db.selectFrom('users').select('email').execute()).map((u) => u.email);

  async function refused(body: object, code: number) {
    tally.tried++;
    const res = await post('/api/auth/register', body, { 'x-locale': 'en-US' });
    if (res.json().code === 0) tally.accepted++;
    expect([res.statusCode, res.json().code]).toEqual([400, code]);
    expect(res.json().data.fields.altcha.code).toBe(code);
  }

  it('refuses a missing, tampered, reused or contact challenge and writes nothing; a solved one registers', async () => {
    await refused(fields('none@example.test'), 2013);
    await refused({ ...fields('blank@example.test'), altcha: '  ' }, 2013);

    const solved = JSON.parse(atob(await solvedChallenge(t, 'register'))) as PowSolution;
    await refused({ ...fields('number@example.test'), altcha: encodeSolution({ ...solved, number: solved.number + 1 }) }, 3001);
    const salt = solved.salt.replace(/p=register/, 'p=contact');
    expect(salt).not.toBe(solved.salt);
    await refused({ ...fields('salt@example.test'), altcha: encodeSolution({ ...solved, salt }) }, 3001);
    await refused({ ...fields('contact@example.test'), altcha: await solvedChallenge(t, 'contact') }, 3001);
    expect(await users()).toEqual([]);
    expect(sink.messages).toHaveLength(0);

    const first = await registerBody(t, fields('first@example.test'));
    const ok = await post('/api/auth/register', first);
    expect([ok.statusCode, ok.json().data.messageCode]).toEqual([201, 2011]);
    await refused({ ...fields('second@example.test'), altcha: first.altcha }, 3004);
    expect(await users()).toEqual(['first@example.test']);
    expect(sink.to('first@example.test')).toHaveLength(1);
    expect(sink.messages).toHaveLength(1);
  });
});
