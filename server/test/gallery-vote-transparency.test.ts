import { beforeAll, describe, expect, it } from 'vitest';
import type { FraudIndex, TransparencyReport } from '../../common/vote-check';
import { DIALECTS, useTestApp } from './factories';
import { type VoteCheck, voteCheck } from './helpers/vote-check';

/**
 * The transparency page and the console's fraud index on an empty install: people vote, a script bursts from
 * one address, the organiser reads the fraud index, voids the burst by rule, closes voting and publishes. The
 * page says "not published" before close and before the switch, and afterwards per entry the votes cast,
 * voided (by rule, with its reason) and counted, and the chain's head.
 */
describe.each(DIALECTS)('transparency and fraud index on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { timeout: 180_000 });
  let vc: VoteCheck;
  let target: number;
  let quiet: number;
  let skew = 0;
  const report = async (): Promise<TransparencyReport> => {
    skew += 1001;
    t.app.responseCache.now = () => Date.now() + skew;
    return (await t.app.inject({ url: '/api/gallery/transparency' })).json().data;
  };
  const BURST = 20;

  beforeAll(async () => {
    vc = await voteCheck(t);
    quiet = await vc.submitApproved();
    target = await vc.submitApproved();
    await vc.openVoting();
    await vc.vote(quiet, '198.51.100.1');
    await vc.vote(target, '198.51.100.2');
    await vc.vote(target, '198.51.100.3');
    for (let i = 0; i < BURST; i++) await vc.vote(target, '203.0.113.9', 'python-requests/2.31');
  }, 180_000);

  it('shows the organiser each entry’s risky share, bursts and reasons, the riskiest first', async () => {
    const index = (await vc.admin('GET', '/api/admin/votes/fraud-index')).json().data as FraudIndex[];
    expect(index.map((e) => e.entryId)).toEqual([target, quiet]);
    const hit = index[0] as FraudIndex;
    expect(hit.votes).toBe(BURST + 2);
    expect(hit.risky).toBeGreaterThanOrEqual(BURST - 6);
    expect(hit.riskyShare).toBeCloseTo(hit.risky / hit.votes);
    // Twenty votes cannot all straddle a minute's edge: one minute holds ten or more.
    expect(hit.bursts).toBeGreaterThanOrEqual(1);
    expect(hit.peakMinute).toBeGreaterThanOrEqual(10);
    expect(hit.reasons.map((r) => r.reason)).toEqual(expect.arrayContaining(['scriptAgent', 'addressBusy', 'notViewed']));
    expect(index[1]).toMatchObject({ votes: 1, risky: 0, riskyShare: 0, bursts: 0, reasons: [] });
  });

  it('is not published while voting runs, and publishing then is refused with 2043', async () => {
    expect(await report()).toEqual({ published: false, votingClosed: false });
    const res = await vc.admin('PUT', '/api/admin/votes/transparency', { published: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(2043);
  });

  it('after close and the switch: cast, voided by rule with its reason, counted, and the chain head', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const voided = await vc.admin('POST', '/api/admin/votes/rule/void', {
      rule: { entryId: target, from, to, cidr: '203.0.113.9' },
      reason: 'One address, scripted',
    });
    expect(voided.json().data.count).toBe(BURST);
    await vc.closeVoting();
    expect(await report()).toEqual({ published: false, votingClosed: true });
    const state = (await vc.admin('PUT', '/api/admin/votes/transparency', { published: true })).json().data;
    expect(state).toMatchObject({ published: true, votingClosed: true });
    const page = await report();
    if (!page.published) throw new Error('not published');
    expect(page.entries.find((e) => e.id === quiet)).toMatchObject({ cast: 1, voided: 0, counted: 1, voids: [] });
    const entry = page.entries.find((e) => e.id === target);
    expect(entry).toMatchObject({ cast: BURST + 2, voided: BURST, counted: 2 });
    expect(entry?.voids).toEqual([
      { reason: 'One address, scripted', count: BURST, at: expect.any(String), rule: { from, to, minRisk: null, byAddress: true } },
    ]);
    expect(JSON.stringify(page)).not.toContain('203.0.113');
    expect(page.totals).toEqual({ cast: BURST + 3, voided: BURST, counted: 3 });
    expect(page.chain).toEqual(state.chain);
    expect(page.chain?.hash).toMatch(/^[0-9a-f]{64}$/);
    // Withdrawn: not published again.
    await vc.admin('PUT', '/api/admin/votes/transparency', { published: false });
    expect((await report()).published).toBe(false);
  });
});
