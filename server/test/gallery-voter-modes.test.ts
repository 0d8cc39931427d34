import { beforeAll, describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { POW_BASE_SETTING, VOTER_MODE_SETTING } from '../../common/settings-keys';
import { writeSetting } from '../src/db/repos/settings';
import { castVote } from '../src/services/gallery/votes';
import { forgetVotingSettings } from '../src/services/gallery/voting-settings';
import { badInputTally, codeIn, createTestUser, DIALECTS, solvePow, useMailedApp } from './factories';

/**
 * On each database: who a voter is, as the organiser sets it. E-mail mode: a code mailed
 * through real SMTP (the sink), wrong, expired and reused codes and throwaway domains refused, one vote per
 * address, the address stored only hashed and shown masked. Account mode: an anonymous vote refused with
 * 2020, a signed-in account votes once. Every vote goes through the vote endpoint; seeded entries are the ballot.
 */
describe.each(DIALECTS)('voter modes on %s', (dialect) => {
  const { t, sink } = useMailedApp(dialect, {}, { timeout: 120_000 });
  const tally = badInputTally(`voter modes, ${dialect}`);
  const mode = async (m: string) => {
    await writeSetting(t.ctx.db, VOTER_MODE_SETTING, m);
    forgetVotingSettings(t.ctx.db);
  };
  const vote = async (entryId: number, body: object, headers: Record<string, string> = {}, ip = '203.0.113.40') =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/gallery/entries/${entryId}/vote`,
        remoteAddress: ip,
        headers: { 'x-locale': 'en-US', ...headers },
        payload: body,
      })
    ).json() as { code: number; msg: string; data?: { voteCount: number } };
  const askCode = async (email: string, ip = '203.0.113.41') => {
    const c = (await t.app.inject({ url: '/api/challenge?purpose=voteCode', remoteAddress: ip })).json().data as PowChallenge;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gallery/vote-code',
      remoteAddress: ip,
      headers: { 'x-locale': 'en-US' },
      payload: { email, altcha: solvePow(c).altcha },
    });
    return res.json() as { code: number; msg: string };
  };
  const lastCode = (email: string) => codeIn(sink.to(email).at(-1));
  const count = async (id: number) => (await t.ctx.db.selectFrom('entries').select('vote_count').where('id', '=', id).executeTakeFirstOrThrow()).vote_count;

  beforeAll(async () => {
    await writeSetting(t.ctx.db, POW_BASE_SETTING, 1000);
  });

  it('e-mail mode: a code from the mail votes once; wrong, reused and expired codes are refused and nothing is counted', async () => {
    await mode('email');
    const email = 'Wang.Fang@Example.test';
    expect(await askCode(email)).toMatchObject({ code: 0 });
    const mail = sink.to(email).at(-1);
    expect(mail?.subject).toContain('voting code');
    const code = lastCode(email);
    const before = await count(7);
    const bad = async (body: object, expected: number) => {
      tally.tried++;
      const res = await vote(7, body);
      if (res.code === 0) tally.accepted++;
      expect(res.code).toBe(expected);
    };
    await bad({}, 2025);
    await bad({ email, code: code === '000000' ? '000001' : '000000' }, 2022);
    expect(await count(7)).toBe(before);
    // The right code counts once (the address as typed in another case is the same voter).
    expect((await vote(7, { email: email.toLowerCase(), code })).code).toBe(0);
    await bad({ email, code }, 2024);
    // Expired: a new code, used eleven minutes later (a code lives ten).
    await askCode(email);
    await expect(
      castVote(t.ctx, { entryId: 8, voterKey: 'x', ip: '203.0.113.40', email, code: lastCode(email) }, new Date(Date.now() + 11 * 60_000)),
    ).rejects.toMatchObject({
      code: 2023,
    });
    tally.tried++;
    // Five wrong tries use a code up: even the right one is then refused as expired.
    await askCode(email);
    const fifth = lastCode(email);
    for (let i = 0; i < 5; i++) await bad({ email, code: fifth === '999999' ? '999998' : '999999' }, 2022);
    await bad({ email, code: fifth }, 2023);
    expect(await count(7)).toBe(before + 1);
  });

  it('e-mail mode: one vote per address under the rule, even with a new code; throwaway domains get no code (2021)', async () => {
    await mode('email');
    const email = 'li.na@example.test';
    await askCode(email);
    expect((await vote(9, { email, code: lastCode(email) })).code).toBe(0);
    await askCode(email);
    const again = await vote(9, { email, code: lastCode(email) }, {}, '198.51.100.77');
    expect(again.code).toBe(2015); // 2015 keeps its meaning: this address has voted
    tally.tried++;
    const mailsBefore = sink.messages.length;
    const throwaway = await askCode('someone@mailinator.com');
    expect(throwaway.code).toBe(2021);
    expect(throwaway.msg).toBe('Throwaway e-mail addresses cannot vote, please use your own address');
    expect(sink.messages.length).toBe(mailsBefore);
    tally.tried++;
  });

  it('e-mail mode: the address is stored only hashed, and the audit shows it masked', async () => {
    const rows = await t.ctx.db.selectFrom('vote_audit').selectAll().where('entry_id', '=', 9).where('outcome', '=', 'counted').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.voter_label).toBe('l***@example.test');
    expect(rows[0]?.voter_key).toMatch(/^m:[0-9a-f]{64}$/);
    const everything = JSON.stringify([
      await t.ctx.db.selectFrom('vote_audit').selectAll().execute(),
      await t.ctx.db.selectFrom('votes').selectAll().execute(),
      await t.ctx.db.selectFrom('voter_codes').selectAll().execute(),
    ]).toLowerCase();
    expect(everything).not.toContain('li.na@example.test');
    expect(everything).not.toContain('wang.fang@example.test');
  });

  it('account mode: an anonymous visitor is refused with 2020 and told to log in; a signed-in account votes once', async () => {
    await mode('account');
    try {
      const before = await count(10);
      const anonymous = await vote(10, {});
      expect(anonymous.code).toBe(2020);
      expect(anonymous.msg).toBe('Please log in to vote');
      tally.tried++;
      const user = await createTestUser(t.ctx);
      const auth = { authorization: `Bearer ${user.token}` };
      expect((await vote(10, {}, auth)).code).toBe(0);
      expect((await vote(10, {}, auth, '198.51.100.78')).code).toBe(2015);
      tally.tried++;
      const detail = (await t.app.inject({ url: '/api/gallery/entries/10', headers: auth })).json().data;
      expect(detail).toMatchObject({ voted: true, voterMode: 'account' });
      // The gallery list tells its cards' vote buttons the mode too (they ask for a login, not a vote).
      expect((await t.app.inject({ url: '/api/gallery?page=1' })).json().data.voterMode).toBe('account');
      expect(await count(10)).toBe(before + 1);
      const audit = await t.ctx.db.selectFrom('vote_audit').select('outcome').where('entry_id', '=', 10).execute();
      // The refusal without an account (no proof at all) is counted in the metrics, not audited.
      expect(audit.map((a) => a.outcome).sort()).toEqual(['counted', 'duplicate']);
    } finally {
      await mode('anonymous');
    }
    expect(tally.accepted).toBe(0);
  });
});
