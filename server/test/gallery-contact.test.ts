import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ChallengePurpose, encodeSolution, type PowChallenge } from '../../common/challenge';
import { ORGANISER_EMAIL_SETTING } from '../../common/settings-keys';
import { writeSetting } from '../src/db/repos/settings';
import { issueChallenge } from '../src/services/gallery/challenge';
import { DIALECTS, solvePow, type TestApp, useMailedApp, wrongSolution } from './factories';

/** Contact form and scam reports: proof of work (missing, wrong, reused, expired, forged), storage, e-mail, 2012, limits. */
const challenge = async (t: TestApp, purpose: ChallengePurpose = 'contact', ip = '203.0.113.1') =>
  (await t.app.inject({ url: `/api/challenge?purpose=${purpose}`, remoteAddress: ip })).json().data as PowChallenge;
/** What the page sends: a challenge fetched and solved. */
const solved = async (t: TestApp, purpose: 'contact' | 'report' = 'contact') => ({ altcha: solvePow(await challenge(t, purpose)).altcha });
const message = { content: 'When does voting close?', name: 'Li Lei', email: 'li.lei@example.test' };
const post = (t: TestApp, url: string, payload: object, ip = '203.0.113.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'x-locale': 'en-US' } });
const stored = async (t: TestApp) => (await t.ctx.db.selectFrom('contact_messages').selectAll().execute()).length;

describe.each(DIALECTS)('contact and scam reports on %s', (dialect) => {
  const { t, sink } = useMailedApp(dialect, { organiserEmail: 'organiser@contest.test', demoContent: true }, { timeout: 120_000 });

  it('proof of work: missing, wrong, reused, expired, forged and other-purpose solutions are refused (0 accepted)', async () => {
    const codes: number[] = [];
    const attempt = async (altcha: string) => codes.push((await post(t, '/api/contact', { ...message, altcha }, '203.0.113.2')).json().code);
    await attempt('');
    const c1 = await challenge(t);
    await attempt(wrongSolution(c1));
    const right = solvePow(c1).altcha;
    await attempt(right); // the wrong attempt did not use it up: it was never valid
    await attempt(right); // replayed
    // Expired: a challenge issued eleven minutes ago (the life is ten).
    await attempt(solvePow(await issueChallenge(t.ctx, 'contact', 1000, new Date(Date.now() - 11 * 60_000))).altcha);
    // Forged: signed with another key, and a real one whose difficulty was edited down.
    await attempt(solvePow(await issueChallenge({ ...t.ctx, config: { ...t.ctx.config, cookieSecret: 'not-the-secret' } }, 'contact', 1000)).altcha);
    const c2 = await challenge(t);
    const easier = c2.salt.replace(/m=\d+/, 'm=10');
    await attempt(encodeSolution({ ...c2, salt: easier, number: 7, challenge: createHash('sha256').update(`${easier}7`).digest('hex') }));
    // Made for a vote, or for the other form.
    await attempt(solvePow(await challenge(t, 'vote')).altcha);
    await attempt(solvePow(await challenge(t, 'report')).altcha);
    expect(codes).toEqual([2013, 3001, 0, 3004, 3003, 3001, 3001, 3001, 3001]);
    const refused = await post(t, '/api/contact', { ...message, altcha: right }, '203.0.113.2');
    expect(refused.json().msg).toBe('The check was already used, please try again');
    expect(await stored(t)).toBe(1);
    expect(sink.messages).toHaveLength(1);
    await t.ctx.db.deleteFrom('contact_messages').execute();
    sink.messages.length = 0;
  });

  it('a challenge is signed, not stored, and lives ten minutes at the base difficulty', async () => {
    const c = await challenge(t);
    expect(c.maxnumber).toBe(2000);
    const expires = Number(new URLSearchParams(c.salt.split('?')[1]).get('expires')) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(await t.ctx.db.selectFrom('spent_challenges').selectAll().where('signature', '=', c.signature).execute()).toHaveLength(0);
  });

  it('a solved challenge: the message is stored and e-mailed to the organiser', async () => {
    const res = await post(t, '/api/contact', { ...message, ...(await solved(t)) });
    expect(res.json()).toMatchObject({ code: 0 });
    expect(await stored(t)).toBe(1);
    const mail = sink.to('organiser@contest.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('When does voting close?');
    expect(mail[0]?.text).toContain('li.lei@example.test');
  });

  it('mails the address the organiser set in the console, not the ORGANISER_EMAIL fallback', async () => {
    await writeSetting(t.ctx.db, ORGANISER_EMAIL_SETTING, 'desk@contest.test');
    const before = await stored(t);
    try {
      const res = await post(t, '/api/contact', { ...message, ...(await solved(t)) }, '203.0.113.9');
      expect(res.json()).toMatchObject({ code: 0 });
      expect(sink.to('desk@contest.test')).toHaveLength(1);
      expect(await stored(t)).toBe(before + 1);
    } finally {
      await t.ctx.db.deleteFrom('settings').where('key', '=', ORGANISER_EMAIL_SETTING).execute();
      // Leave the message count as the tests after this one expect it.
      const last = await t.ctx.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      if (last?.id) await t.ctx.db.deleteFrom('contact_messages').where('id', '=', Number(last.id)).execute();
    }
  });

  it('bad input gets its field code and nothing is stored', async () => {
    const res = await post(t, '/api/contact', { content: 'x', name: 'A', email: 'not-an-email', ...(await solved(t)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2004);
    expect(res.json().data.fields.email.code).toBe(2004);
    expect(await stored(t)).toBe(1);
  });

  it('a scam report is stored for the organiser; tips come in the visitor locale', async () => {
    const res = await post(t, '/api/scam-reports', {
      what: 'A caller said my parcel was lost',
      happenedOn: '2026-11-01',
      contact: '',
      ...(await solved(t, 'report')),
    });
    expect(res.json().code).toBe(0);
    const rows = await t.ctx.db.selectFrom('scam_reports').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ what: 'A caller said my parcel was lost', happened_on: '2026-11-01', contact: null, locale: 'en-US' });
    const tips = await t.app.inject({ url: '/api/scam-tips', headers: { 'x-locale': 'en-US' } });
    expect(tips.json().data.length).toBeGreaterThanOrEqual(5);
    expect(tips.json().data[0].title).toBe('Police never settle cases by phone');
    const missing = await post(t, '/api/scam-reports', { what: '', happenedOn: '2026-11-01', altcha: 'x' });
    expect(missing.json().code).toBe(2105);
  });

  it('the contact endpoint is rate limited per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await post(t, '/api/contact', { ...message, altcha: '' }, '203.0.113.99')).json().code);
    expect(codes.slice(0, 10).every((c) => c === 2013)).toBe(true);
    expect(codes[10]).toBe(9429);
  });
});

describe.each(DIALECTS)('contact when the mail server refuses, on %s', (dialect) => {
  const { t } = useMailedApp(dialect, { demoContent: false }, { failing: true, timeout: 120_000 });

  it('answers 2012 and keeps no half-written message', async () => {
    const res = await post(t, '/api/contact', { ...message, ...(await solved(t)) });
    expect(res.json().code).toBe(2012);
    expect(res.json().msg).toBe('Sending failed, please try again');
    expect(await stored(t)).toBe(0);
  });
});
