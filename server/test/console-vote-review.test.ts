import { beforeAll, describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import type { VoteSignals } from '../../common/vote-review';
import { createTestUser, DIALECTS, newEntrant, openSubmissions, solvePow, submitEntry, useMailedApp } from './factories';

/**
 * Fraud review on votes the product recorded: an entry submitted through the API and approved in the console,
 * votes cast through the vote endpoint with solved challenges (each without a cookie: a new voter) from two
 * subnets. The organiser voids by rule, restores, and is refused bad rules; the entry's count and the audit
 * move by exactly the votes the rule matches.
 */
describe.each(DIALECTS)('console vote review by rule on %s', (dialect) => {
  const { t } = useMailedApp(dialect);
  let admin: { token: string; id: number };
  let entryId: number;
  let from: string;
  let to: string;
  const BURST = '203.0.113.9';

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, 'x-locale': 'en-US' }, ...(payload ? { payload } : {}) });
  const vote = async (ip: string, cookie?: string) => {
    const c = (await t.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data as PowChallenge;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/gallery/entries/${entryId}/vote`,
      remoteAddress: ip,
      headers: { 'user-agent': 'python-requests/2.31', ...(cookie ? { cookie } : {}) },
      payload: { altcha: solvePow(c).altcha },
    });
    expect(res.json().code, res.body).toBe(0);
  };
  let skew = 0;
  /** The public count, read a second after the last read on the cache's clock: public counts may be a second old. */
  const publicCount = async () => {
    skew += 1001;
    t.app.responseCache.now = () => Date.now() + skew;
    return (await t.app.inject({ url: `/api/gallery/entries/${entryId}` })).json().data.voteCount as number;
  };
  /** The three ways to count an entry's votes, which must agree: its counter, rows minus voids, and the audit. */
  const books = async () => {
    const db = t.ctx.db;
    const entry = await db.selectFrom('entries').select('vote_count').where('id', '=', entryId).executeTakeFirstOrThrow();
    const rows = (await db.selectFrom('votes').select('id').where('entry_id', '=', entryId).execute()).length;
    const voids = (await db.selectFrom('vote_voids').select('id').where('entry_id', '=', entryId).execute()).length;
    const audit = await db.selectFrom('vote_audit').select('outcome').where('entry_id', '=', entryId).execute();
    const n = (o: string) => audit.filter((a) => a.outcome === o).length;
    return { count: entry.vote_count, rowsMinusVoids: rows - voids, auditNet: n('counted') - n('voided') + n('restored'), voids };
  };
  const expectBooks = async (count: number) => {
    expect(await books()).toMatchObject({ count, rowsMinusVoids: count, auditNet: count });
    expect(await publicCount()).toBe(count);
  };
  const rule = (extra: Record<string, unknown> = {}) => ({ entryId, from, to, cidr: '203.0.113.0/24', ...extra });

  beforeAll(async () => {
    admin = await createTestUser(t.ctx, { role: 'admin' });
    entryId = (await submitEntry(await newEntrant(t, await openSubmissions(t)))).id;
    expect((await api('POST', `/api/admin/entries/${entryId}/approve`)).statusCode).toBe(200);
    from = new Date(Date.now() - 1000).toISOString();
    // Two ordinary votes from another subnet, one of them from a visitor who opened the entry's page first.
    const view = await t.app.inject({ url: `/api/gallery/entries/${entryId}`, remoteAddress: '198.51.100.1' });
    const viewed = view.cookies.find((c) => c.name === 'mfc_viewed');
    expect(viewed).toBeDefined();
    await vote('198.51.100.1', `mfc_viewed=${viewed?.value}`);
    await vote('198.51.100.2');
    // A burst from one subnet: 12 votes from one address, 3 from its neighbour.
    for (let i = 0; i < 12; i++) await vote(BURST);
    for (let i = 0; i < 3; i++) await vote('203.0.113.10');
    to = new Date(Date.now() + 60_000).toISOString();
  }, 90_000);

  it('records signals with each vote, and the risk score rises through a burst from one subnet', async () => {
    const votes = await t.ctx.db.selectFrom('votes').select(['ip', 'risk', 'signals']).where('entry_id', '=', entryId).orderBy('id').execute();
    const signals = votes.map((v) => JSON.parse(v.signals ?? '{}') as VoteSignals);
    expect(signals[0]).toMatchObject({ viewedFirst: true, uaFamily: 'script', addressHour: 0, subnetHour: 0 });
    expect(signals[1]).toMatchObject({ viewedFirst: false, subnetHour: 1 });
    const burst = votes.map((v, i) => ({ ...v, s: signals[i] as VoteSignals })).filter((v) => v.ip === BURST);
    expect(burst.map((v) => v.s.addressHour)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(burst.map((v) => v.s.subnetHour)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const first = burst[0] as (typeof burst)[number];
    const last = burst[11] as (typeof burst)[number];
    expect(typeof first.s.solveMs).toBe('number');
    // The hour rules alone (address >= 5, subnet >= 10) add 30 points by the burst's last vote.
    expect(last.risk - first.risk).toBeGreaterThanOrEqual(30);
    const timeline = (await api('GET', `/api/admin/votes/timeline?entryId=${entryId}`)).json().data;
    expect(timeline.bucket).toBe('minute');
    const total = timeline.points.reduce((n: number, p: { total: number }) => n + p.total, 0);
    const suspicious = timeline.points.reduce((n: number, p: { suspicious: number }) => n + p.suspicious, 0);
    expect(total).toBe(17);
    expect(suspicious).toBe(votes.filter((v) => v.risk >= timeline.suspiciousRisk).length);
    expect(suspicious).toBeGreaterThan(0);
  });

  it('voids a rule: previewed, counted at once, audited; the same rule again voids nothing; a restore brings them back', async () => {
    await expectBooks(17);
    expect((await api('POST', '/api/admin/votes/rule/preview', { rule: rule() })).json().data).toEqual({ count: 15 });
    const voided = await api('POST', '/api/admin/votes/rule/void', { rule: rule(), reason: 'Scripted burst from one /24' });
    expect(voided.json().data).toMatchObject({ count: 15, entryCount: 2 });
    await expectBooks(2);
    const again = await api('POST', '/api/admin/votes/rule/void', { rule: rule(), reason: 'Again' });
    expect(again.json().data).toMatchObject({ count: 0, entryCount: 2 });
    await expectBooks(2);
    expect((await api('POST', '/api/admin/votes/rule/preview', { rule: rule() })).json().data).toEqual({ count: 0 });

    const actions = (await api('GET', `/api/admin/votes/actions?entryId=${entryId}`)).json().data;
    expect(actions[1]).toMatchObject({ kind: 'void', count: 15, reason: 'Scripted burst from one /24', rule: { entryId, cidr: '203.0.113.0/24', from, to } });
    const adminEmail = (await t.ctx.db.selectFrom('users').select('email').where('id', '=', admin.id).executeTakeFirstOrThrow()).email;
    expect(actions[1].admin).toBe(adminEmail);
    const voidedAudit = await t.ctx.db
      .selectFrom('vote_audit')
      .select(['ip', 'subnet'])
      .where('entry_id', '=', entryId)
      .where('outcome', '=', 'voided')
      .execute();
    expect(voidedAudit).toHaveLength(15);
    expect(new Set(voidedAudit.map((a) => a.subnet))).toEqual(new Set(['203.0.113.0/24']));

    const restored = await api('POST', '/api/admin/votes/restore', { actionId: actions[1].id, reason: 'Checked: a class voting together' });
    expect(restored.json().data).toMatchObject({ count: 15, entryCount: 17 });
    await expectBooks(17);
    expect((await books()).voids).toBe(0);
  });

  it('voids by one address and by minimum risk, and restores by rule', async () => {
    const one = await api('POST', '/api/admin/votes/rule/void', { rule: rule({ cidr: BURST }), reason: 'One address' });
    expect(one.json().data).toMatchObject({ count: 12, entryCount: 5 });
    await expectBooks(5);
    const back = await api('POST', '/api/admin/votes/restore', { rule: rule({ cidr: BURST }), reason: 'Undo' });
    expect(back.json().data).toMatchObject({ count: 12, entryCount: 17 });
    await expectBooks(17);
    // A minimum risk takes only the votes at or above it.
    const risks = (await t.ctx.db.selectFrom('votes').select('risk').where('entry_id', '=', entryId).execute()).map((r) => r.risk);
    const top = Math.max(...risks);
    const expected = risks.filter((r) => r >= top).length;
    const preview = await api('POST', '/api/admin/votes/rule/preview', { rule: rule({ cidr: '', minRisk: top }) });
    expect(preview.json().data).toEqual({ count: expected });
    expect(expected).toBeLessThan(17);
  });

  it('two organisers void and restore the same rule at once: each vote is voided once, the books agree', async () => {
    await expectBooks(17);
    const voids = await Promise.all([0, 1, 2].map((i) => api('POST', '/api/admin/votes/rule/void', { rule: rule(), reason: `Parallel ${i}` })));
    expect(voids.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(voids.map((r) => r.json().data.count).sort((a, b) => a - b)).toEqual([0, 0, 15]);
    await expectBooks(2);
    const restores = await Promise.all([0, 1].map((i) => api('POST', '/api/admin/votes/restore', { rule: rule(), reason: `Parallel undo ${i}` })));
    expect(restores.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(restores.map((r) => r.json().data.count).sort((a, b) => a - b)).toEqual([0, 15]);
    await expectBooks(17);
    expect((await books()).voids).toBe(0);
  });

  it('refuses a bad rule with its code and changes nothing', async () => {
    const before = await books();
    const actionsBefore = (await api('GET', `/api/admin/votes/actions?entryId=${entryId}`)).json().data.length;
    const cases: [unknown, number][] = [
      [{ rule: { from, to, cidr: '203.0.113.0/24' }, reason: 'x' }, 2026],
      [{ rule: rule({ from: to, to: from }), reason: 'x' }, 2027],
      [{ rule: rule({ to: from }), reason: 'x' }, 2027],
      [{ rule: rule({ from: 'yesterday' }), reason: 'x' }, 2027],
      [{ rule: rule({ cidr: '203.0.113.0/33' }), reason: 'x' }, 2028],
      [{ rule: rule({ cidr: 'not-an-address' }), reason: 'x' }, 2028],
      [{ rule: rule(), reason: '  ' }, 2030],
    ];
    const got: number[] = [];
    for (const [body] of cases) {
      const res = await api('POST', '/api/admin/votes/rule/void', body);
      expect(res.statusCode).toBe(400);
      got.push(res.json().code);
    }
    expect(got).toEqual(cases.map(([, code]) => code));
    const restore = await api('POST', '/api/admin/votes/restore', { reason: 'Nothing named' });
    expect(restore.json().code).toBe(2029);
    const preview = await api('POST', '/api/admin/votes/rule/preview', { rule: rule({ cidr: '10.0.0.0/8/1' }) });
    expect([preview.statusCode, preview.json().code, preview.json().data?.fields?.cidr?.code]).toEqual([400, 2028, 2028]);
    expect(await books()).toEqual(before);
    expect((await api('GET', `/api/admin/votes/actions?entryId=${entryId}`)).json().data).toHaveLength(actionsBefore);
  });
});
