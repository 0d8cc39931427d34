import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from './factories';
import { type VoteCheck, voteCheck } from './helpers/vote-check';

/**
 * Receipts on an empty install: votes cast through the vote endpoint each answer a receipt; its holder learns
 * from the public receipt route whether the vote counts, or that the organiser voided it by a rule (with the
 * reason and the rule's window, never its address range). Malformed and unknown receipts get their codes, and
 * lookups are rate-limited per address.
 */
describe.each(DIALECTS)('vote receipts on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { timeout: 120_000 });
  let vc: VoteCheck;
  let entryId: number;
  let person: string;
  let burst: string[];
  const check = (receipt: string, ip = '192.0.2.50') =>
    t.app.inject({ method: 'POST', url: '/api/gallery/receipt', remoteAddress: ip, headers: { 'x-locale': 'en-US' }, payload: { receipt } });

  beforeAll(async () => {
    vc = await voteCheck(t);
    entryId = await vc.submitApproved();
    await vc.openVoting();
    person = (await vc.vote(entryId, '198.51.100.7')).receipt;
    burst = [];
    for (let i = 0; i < 4; i++) burst.push((await vc.vote(entryId, '203.0.113.9', 'python-requests/2.31')).receipt);
  }, 120_000);

  it('gives every counted vote its own unguessable receipt', () => {
    const all = [person, ...burst];
    expect(new Set(all).size).toBe(5);
    for (const r of all) expect(r).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{1,5}){5}$/);
  });

  it('says a counted vote is counted, for the entry voted for', async () => {
    const res = await check(person);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toMatchObject({ entryId, status: 'counted', void: null });
    // Typed in lower case, without hyphens, with look-alike letters: the same vote.
    const typed = person.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o');
    expect((await check(typed)).json().data.status).toBe('counted');
  });

  it('says a voided vote was voided, under which rule and why; the other votes stay counted', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const rule = { entryId, from, to, cidr: '203.0.113.0/24' };
    const res = await vc.admin('POST', '/api/admin/votes/rule/void', { rule, reason: 'Scripted burst from one network' });
    expect(res.json().data.count, res.body).toBe(4);
    for (const r of burst) {
      const data = (await check(r)).json().data;
      expect(data.status).toBe('voided');
      expect(data.void).toMatchObject({ reason: 'Scripted burst from one network', rule: { from, to, byAddress: true, minRisk: null } });
      expect(JSON.stringify(data)).not.toContain('203.0.113');
    }
    expect((await check(person)).json().data.status).toBe('counted');
    // Restored by the organiser: counted again.
    const actionId = res.json().data.actionId;
    expect((await vc.admin('POST', '/api/admin/votes/restore', { actionId, reason: 'Checked: a school class' })).statusCode).toBe(200);
    expect((await check(burst[0] as string)).json().data.status).toBe('counted');
  });

  it('refuses a malformed receipt (2040) and one it never issued (2041) on the field', async () => {
    const bad = await check('not a receipt');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 2040 });
    expect(JSON.stringify(bad.json())).toContain('receipt');
    // One character changed: still well-formed, but its check value fails.
    const other = person[2] === 'Z' ? 'Y' : 'Z';
    const forged = await check(`${person.slice(0, 2)}${other}${person.slice(3)}`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toMatchObject({ code: 2041 });
  });

  it('limits lookups per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await check(person, '192.0.2.77')).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
