import { beforeAll, describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { canonicalEmail } from '../../common/email';
import { codeIn, createTestUser, DIALECTS, solvePow, useMailedApp } from './factories';

/**
 * Who counts as a new voter. The attack: in e-mail mode name+1@gmail.com, n.ame@gmail.com and
 * name@googlemail.com (one Gmail mailbox) each counted, and nothing limited the votes of one address, so
 * five of five counted. Now the voter is the canonical mailbox, other providers' +tags fold only when the
 * organiser says so, and e-mail and account votes from one address share the anonymous mode's hourly
 * thresholds as a budget (2031). Settings are saved through the console API, as the organiser saves them.
 */
describe('canonical e-mail', () => {
  it('folds case, Gmail dots, +tags and googlemail.com; other +tags only when asked', () => {
    for (const e of ['name@gmail.com', 'N.a.me@Gmail.com', 'name+1@gmail.com', ' n.ame+vote@googlemail.com ']) {
      expect(canonicalEmail(e)).toBe('name@gmail.com');
    }
    expect(canonicalEmail('Bob.Lee+x@Example.test')).toBe('bob.lee+x@example.test');
    expect(canonicalEmail('Bob.Lee+x@Example.test', { stripPlusTags: true })).toBe('bob.lee@example.test');
  });
});

describe.each(DIALECTS)('voter identity and budgets on %s', (dialect) => {
  const { t, sink } = useMailedApp(dialect, {}, { timeout: 120_000 });
  let admin: string;
  const settings = async (change: Record<string, unknown>) => {
    const headers = { authorization: `Bearer ${admin}` };
    const current = (await t.app.inject({ url: '/api/admin/settings', headers })).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers,
      payload: { ...current, organiserEmail: 'org@example.test', ...change },
    });
    expect(res.json().code).toBe(0);
  };
  let ask = 0;
  /** Asks for a code from an address of its own (the mail budget is not the subject here) and returns the mailed code. */
  const codeFor = async (email: string) => {
    const ip = `192.0.${Math.floor(++ask / 200)}.${ask % 200}`;
    const c = (await t.app.inject({ url: '/api/challenge?purpose=voteCode', remoteAddress: ip })).json().data as PowChallenge;
    const res = await t.app.inject({ method: 'POST', url: '/api/gallery/vote-code', remoteAddress: ip, payload: { email, altcha: solvePow(c).altcha } });
    expect(res.json().code).toBe(0);
    return codeIn(sink.to(email.trim()).at(-1));
  };
  const vote = async (entryId: number, body: object, ip: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'POST', url: `/api/gallery/entries/${entryId}/vote`, remoteAddress: ip, headers, payload: body })).json().code as number;

  beforeAll(async () => {
    admin = (await createTestUser(t.ctx, { role: 'admin' })).token;
  });

  it('e-mail mode: five spellings of one Gmail mailbox count once (1 of 5)', async () => {
    await settings({ voterMode: 'email', stepUpPerHour: 0, subnetPerHour: 0, powBase: 1000 });
    const spellings = ['name@gmail.com', 'name+1@gmail.com', 'n.ame@gmail.com', 'Name@googlemail.com', 'na.me+x@GMAIL.com'];
    const codes: number[] = [];
    for (const [i, email] of spellings.entries()) codes.push(await vote(3, { email, code: await codeFor(email) }, `198.51.100.${10 + i}`));
    expect(codes).toEqual([0, 2015, 2015, 2015, 2015]);
  });

  it("e-mail mode: another provider's +tag is a new voter until the organiser turns stripPlusTags on", async () => {
    await settings({ voterMode: 'email', stepUpPerHour: 0, subnetPerHour: 0, stripPlusTags: false });
    expect(await vote(4, { email: 'bob@example.test', code: await codeFor('bob@example.test') }, '198.51.100.30')).toBe(0);
    expect(await vote(4, { email: 'bob+1@example.test', code: await codeFor('bob+1@example.test') }, '198.51.100.31')).toBe(0);
    await settings({ stripPlusTags: true });
    expect(await vote(4, { email: 'bob+2@example.test', code: await codeFor('bob+2@example.test') }, '198.51.100.32')).toBe(2015);
    await settings({ stripPlusTags: false });
  });

  it('e-mail mode: past the per-address threshold one address votes no more this hour (2031), another still does', async () => {
    await settings({ voterMode: 'email', stepUpPerHour: 3, subnetPerHour: 0 });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `voter${i}@example.test`;
      codes.push(await vote(5, { email, code: await codeFor(email) }, '203.0.113.60'));
    }
    expect(codes).toEqual([0, 0, 0, 2031, 2031]);
    expect(await vote(5, { email: 'other@example.test', code: await codeFor('other@example.test') }, '203.0.113.61')).toBe(0);
    const refused = await t.ctx.db.selectFrom('vote_audit').select('ip').where('outcome', '=', 'networkBudget').execute();
    expect(refused.map((r) => r.ip)).toEqual(['203.0.113.60', '203.0.113.60']);
  });

  it('account mode: the same budget holds however many accounts vote from one address', async () => {
    await settings({ voterMode: 'account', stepUpPerHour: 3, subnetPerHour: 0 });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const user = await createTestUser(t.ctx);
      codes.push(await vote(6, {}, '203.0.113.70', { authorization: `Bearer ${user.token}` }));
    }
    expect(codes).toEqual([0, 0, 0, 2031, 2031]);
  });
});
