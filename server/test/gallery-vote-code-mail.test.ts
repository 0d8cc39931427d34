import { describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { canonicalEmail } from '../../common/email';
import { codeIn, createTestUser, DIALECTS, solvePow, useMailedApp } from './factories';

/**
 * The vote-code mail as an attacker used it: 200 mails to one victim in 2.5 s (the per-address limit not
 * grouped by subnet, the per-mailbox limit dodged by +tags, and codes mailed even when the contest does not
 * vote by e-mail), and 8-100 guesses per code on PostgreSQL where the limit is 5 (the tries were read, then
 * incremented). Every request goes through the API; the organiser's mode is saved through the console API.
 */
describe.each(DIALECTS)('vote-code mails and guesses on %s', (dialect) => {
  const { t, sink } = useMailedApp(dialect, {}, { timeout: 120_000 });
  let admin = '';
  const mode = async (voterMode: string) => {
    if (!admin) admin = (await createTestUser(t.ctx, { role: 'admin' })).token;
    const headers = { authorization: `Bearer ${admin}` };
    const current = (await t.app.inject({ url: '/api/admin/settings', headers })).json().data;
    const payload = { ...current, organiserEmail: 'org@example.test', voterMode, powBase: 1000, stepUpPerHour: 0, subnetPerHour: 0 };
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload })).json().code).toBe(0);
  };
  const ask = async (email: string, ip: string) => {
    const c = (await t.app.inject({ url: '/api/challenge?purpose=voteCode', remoteAddress: ip })).json().data as PowChallenge;
    const res = await t.app.inject({ method: 'POST', url: '/api/gallery/vote-code', remoteAddress: ip, payload: { email, altcha: solvePow(c).altcha } });
    return { status: res.statusCode, code: res.json().code as number };
  };
  const mailsTo = (canonical: string) => sink.messages.filter((m) => m.to.some((to) => canonicalEmail(to) === canonical)).length;

  it('outside e-mail mode no code is mailed (2032)', async () => {
    await mode('anonymous');
    const before = sink.messages.length;
    expect((await ask('victim@example.test', '198.51.100.1')).code).toBe(2032);
    await mode('account');
    expect((await ask('victim@example.test', '198.51.100.2')).code).toBe(2032);
    expect(sink.messages.length).toBe(before);
  });

  it('one mailbox gets five codes an hour, however its address is spelt and from however many networks, even all at once', async () => {
    await mode('email');
    const spellings = Array.from({ length: 12 }, (_, i) => (i % 2 ? `vic.tim+${i}@gmail.com` : `victim+${i}@googlemail.com`));
    const answers = await Promise.all(spellings.map((email, i) => ask(email, `100.${64 + i}.0.1`)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
    expect(mailsTo('victim@gmail.com')).toBe(5);
  });

  it('one /24 asks for twenty codes in ten minutes, for any mailboxes; the next network still can', async () => {
    await mode('email');
    const answers = [];
    for (let i = 0; i < 22; i++) answers.push(await ask(`person${i}@example.test`, `203.0.113.${i + 1}`));
    expect(answers.map((a) => a.status === 429)).toEqual([...Array(20).fill(false), true, true]);
    expect(answers.slice(0, 20).every((a) => a.code === 0)).toBe(true);
    expect((await ask('person99@example.test', '203.0.114.1')).code).toBe(0);
  });

  it('forty guesses at once on one code: exactly five are compared (2022), the rest find it used up (2023), and so does the right code', async () => {
    await mode('email');
    const email = 'guessed@example.test';
    expect((await ask(email, '192.0.2.1')).code).toBe(0);
    const right = codeIn(sink.to(email).at(-1));
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/gallery/entries/3/vote',
          remoteAddress: `10.${i}.0.1`,
          payload: { email, code: wrong(i) },
        });
        return res.json().code as number;
      }),
    );
    const tally = (c: number) => guesses.filter((g) => g === c).length;
    console.info(`[${dialect}] 40 parallel guesses: ${tally(2022)} compared (2022), ${tally(2023)} used up (2023)`);
    expect(tally(2022)).toBe(5);
    expect(tally(2023)).toBe(35);
    const last = await t.app.inject({ method: 'POST', url: '/api/gallery/entries/3/vote', remoteAddress: '10.99.0.1', payload: { email, code: right } });
    expect(last.json().code).toBe(2023);
  });
});
