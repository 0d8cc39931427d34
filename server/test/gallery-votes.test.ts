import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import {
  PHASES_SETTING,
  POW_BASE_SETTING,
  POW_STEP_UP_SETTING,
  RATE_SETTING,
  STEP_UP_SETTING,
  SUBNET_SETTING,
  VOTING_RULE_SETTING,
} from '../../common/settings-keys';
import { writeSetting as write } from '../src/db/repos/settings';
import { castVote, challengeFor } from '../src/services/gallery/votes';
import { forgetVotingSettings } from '../src/services/gallery/voting-settings';
import { createTestUser, DIALECTS, newEntrant, openSubmissions, solvePow, startTestApp, submitEntry, type TestApp } from './factories';

/**
 * Voting, on each database: the unique slot, the count, the audit log, the refusals.
 * Every vote is cast through the vote endpoint with a solved proof-of-work challenge, as a browser sends it
 * (the challenge from GET /api/challenge; for the thousand-vote bursts, from the same service, since the
 * endpoint's own rate limit would refuse a thousand from one test address). The seeded demo entries (ids 1-12)
 * are only the ballot here; the one test about an entry's own state votes for an entry submitted and approved
 * through the API.
 */
let n = 0;
const voterCookie = (t: TestApp, key = `voter-${++n}-${Math.random().toString(36).slice(2, 12)}`) => `mfc_voter=${encodeURIComponent(t.app.signCookie(key))}`;
const challenge = async (t: TestApp, ip: string) => (await t.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data as PowChallenge;
/** A solved challenge for a vote from this address, fetched as the page fetches it. */
const solved = async (t: TestApp, ip: string) => solvePow(await challenge(t, ip)).altcha;
type VoteOptions = { cookie?: string; ip?: string; headers?: Record<string, string>; altcha?: string };
const vote = async (t: TestApp, id: number, opts: VoteOptions = {}) => {
  const ip = opts.ip ?? '203.0.113.7';
  return t.app.inject({
    method: 'POST',
    url: `/api/gallery/entries/${id}/vote`,
    remoteAddress: ip,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    payload: { altcha: opts.altcha ?? (await solved(t, ip)) },
  });
};
/** Solved challenges made ahead of a burst (the service the endpoint calls). */
const presolved = (t: TestApp, n: number, ip = '203.0.113.7') =>
  Promise.all(Array.from({ length: n }, async () => solvePow(await challengeFor(t.ctx, 'vote', ip)).altcha));
const count = async (t: TestApp, id: number) =>
  (await t.ctx.db.selectFrom('entries').select('vote_count').where('id', '=', id).executeTakeFirstOrThrow()).vote_count;
const audits = (t: TestApp, id: number, outcome: string) =>
  t.ctx.db.selectFrom('vote_audit').selectAll().where('entry_id', '=', id).where('outcome', '=', outcome).execute();
/** Settings are cached for a second; a test that changes one drops the cache like the console does. */
const writeSetting = async (db: TestApp['ctx']['db'], key: string, value: unknown) => {
  await write(db, key, value);
  forgetVotingSettings(db);
};
const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

describe.each(DIALECTS)('gallery votes on %s', (dialect) => {
  let t: TestApp;
  let blockFile: string;
  beforeAll(async () => {
    blockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-block-')), 'blocklist.txt');
    fs.writeFileSync(blockFile, '# test ranges\n198.51.100.0/24\n2001:db8::/32\n\nnot-a-range\n');
    t = await startTestApp(dialect, { voteBlocklistFile: blockFile });
    // The concurrency tests come from many addresses; no step-up in this suite unless a test sets it, and the
    // lowest base difficulty (the work is not what these tests are about).
    await writeSetting(t.ctx.db, STEP_UP_SETTING, 0);
    await writeSetting(t.ctx.db, SUBNET_SETTING, 0);
    await writeSetting(t.ctx.db, POW_BASE_SETTING, 1000);
    await writeSetting(t.ctx.db, POW_STEP_UP_SETTING, 40_000);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(path.dirname(blockFile), { recursive: true, force: true });
  });

  it('1,000 concurrent identical votes: exactly 1 counted, 999 get 2015, no 5xx', async () => {
    const before = await count(t, 1);
    const cookie = voterCookie(t);
    const solutions = await presolved(t, 1000);
    const res = await Promise.all(solutions.map((altcha) => vote(t, 1, { cookie, altcha })));
    const codes = res.map((r) => r.json().code as number);
    expect(res.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 2015)).toHaveLength(999);
    expect(res.find((r) => r.json().code === 0)?.json().msg).toBe('投票成功'); // 2014, Vote Successfully
    expect(await count(t, 1)).toBe(before + 1);
    expect(await audits(t, 1, 'counted')).toHaveLength(1);
    expect(await audits(t, 1, 'duplicate')).toHaveLength(999);
  }, 120_000);

  it('1,000 distinct voters at once: count = 1,000 = audit rows "counted"', async () => {
    const before = await count(t, 2);
    const solutions = await presolved(t, 1000);
    const res = await Promise.all(solutions.map((altcha, i) => vote(t, 2, { cookie: voterCookie(t), ip: ip(i + 1), altcha })));
    expect(res.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    expect(res.every((r) => r.json().code === 0)).toBe(true);
    expect((await count(t, 2)) - before).toBe(1000);
    expect(await audits(t, 2, 'counted')).toHaveLength(1000);
    expect(Math.max(...res.map((r) => r.json().data.voteCount as number))).toBe(before + 1000);
  }, 120_000);

  it('a first vote without a cookie issues a signed httpOnly voter cookie; the detail then says voted', async () => {
    const res = await vote(t, 3);
    expect(res.json().code).toBe(0);
    const set = res.cookies.find((c) => c.name === 'mfc_voter');
    expect(set?.httpOnly).toBe(true);
    const cookie = `mfc_voter=${set?.value}`;
    const detail = await t.app.inject({ url: '/api/gallery/entries/3', headers: { cookie } });
    expect(detail.json().data.voted).toBe(true);
    expect((await vote(t, 3, { cookie })).json().code).toBe(2015);
    // A forged cookie is not that voter: it is treated as a new one.
    const forged = await t.app.inject({ url: '/api/gallery/entries/3', headers: { cookie: `mfc_voter=${set?.value.replace(/.$/, 'x')}` } });
    expect(forged.json().data.voted).toBe(false);
  });

  it('a blocklisted address (IPv4 and IPv6) gets 2016 and nothing is counted', async () => {
    const before = await count(t, 4);
    for (const address of ['198.51.100.23', '2001:db8::5', '::ffff:198.51.100.9']) {
      const res = await vote(t, 4, { cookie: voterCookie(t), ip: address });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(2016);
    }
    expect(await count(t, 4)).toBe(before);
    expect(await audits(t, 4, 'blocked')).toHaveLength(3);
  });

  it('a spoofed X-Forwarded-For does not change the address without trust-proxy', async () => {
    const cookie = voterCookie(t);
    const res = await vote(t, 5, { cookie, ip: '203.0.113.50', headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(res.json().code).toBe(0);
    const row = await t.ctx.db
      .selectFrom('vote_audit')
      .select('ip')
      .where('voter_key', '=', t.app.unsignCookie(decodeURIComponent(cookie.split('=')[1] as string)).value as string)
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe('203.0.113.50');
  });

  it('with trust-proxy configured, X-Forwarded-For is the address (and its blocklist applies)', async () => {
    const proxied = await startTestApp(dialect, { voteBlocklistFile: blockFile, trustProxy: 1, demoContent: true });
    try {
      const res = await vote(proxied, 5, { cookie: voterCookie(proxied), ip: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.1' } });
      expect(res.json().code).toBe(2016);
      const row = await proxied.ctx.db.selectFrom('vote_audit').select('ip').where('outcome', '=', 'blocked').executeTakeFirstOrThrow();
      expect(row.ip).toBe('198.51.100.1');
    } finally {
      await proxied.close();
    }
  }, 120_000);

  it('outside the voting window: 4100, nothing counted', async () => {
    // No challenge is issued once voting has closed: a script that kept one solved from before still gets 4100.
    const [altcha] = await presolved(t, 1);
    const phases = (await t.ctx.db.selectFrom('settings').select('value').where('key', '=', PHASES_SETTING).executeTakeFirstOrThrow()).value;
    await writeSetting(t.ctx.db, PHASES_SETTING, { ...JSON.parse(phases), voting: { start: '2020-01-01T00:00:00.000Z', end: '2020-02-01T00:00:00.000Z' } });
    try {
      const before = await count(t, 6);
      const res = await vote(t, 6, { cookie: voterCookie(t), altcha });
      expect(res.json().code).toBe(4100);
      expect(await count(t, 6)).toBe(before);
      expect(await audits(t, 6, 'closed')).toHaveLength(1);
    } finally {
      await t.ctx.db.updateTable('settings').set({ value: phases }).where('key', '=', PHASES_SETTING).execute();
      forgetVotingSettings(t.ctx.db);
    }
  });

  it('an entry that is not approved or missing: 2100; once the organiser approves it, its first vote counts', async () => {
    // A freshly submitted entry (through the API) waits for review: nobody can vote for it yet.
    const entry = await submitEntry(await newEntrant(t, await openSubmissions(t)));
    expect((await vote(t, entry.id, { cookie: voterCookie(t) })).json().code).toBe(2100);
    expect((await vote(t, 99999, { cookie: voterCookie(t) })).json().code).toBe(2100);
    expect(await count(t, entry.id)).toBe(0);
    const admin = await createTestUser(t.ctx, { role: 'admin' });
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/entries/${entry.id}/approve`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(approved.statusCode).toBe(200);
    const res = await vote(t, entry.id, { cookie: voterCookie(t) });
    expect(res.json()).toMatchObject({ code: 0, data: { voteCount: 1 } });
    expect(await count(t, entry.id)).toBe(1);
    expect(await audits(t, entry.id, 'counted')).toHaveLength(1);
  }, 60_000);

  it('past the per-address threshold within an hour an easy challenge is refused (3002), a harder one counts', async () => {
    await writeSetting(t.ctx.db, STEP_UP_SETTING, 2);
    try {
      const school = '192.0.2.44';
      const early = await solved(t, school); // fetched while the address is below the threshold
      expect((await vote(t, 8, { cookie: voterCookie(t), ip: school })).json().code).toBe(0);
      expect((await vote(t, 8, { cookie: voterCookie(t), ip: school })).json().code).toBe(0);
      const third = voterCookie(t);
      expect((await vote(t, 8, { cookie: third, ip: school, altcha: early })).json().code).toBe(3002);
      const harder = await challenge(t, school);
      expect(harder.maxnumber).toBeGreaterThan(1000);
      expect((await vote(t, 8, { cookie: third, ip: school, altcha: solvePow(harder).altcha })).json().code).toBe(0);
      expect(await audits(t, 8, 'stepUp')).toHaveLength(1);
      // Another network is not affected.
      expect((await challenge(t, '192.0.3.45')).maxnumber).toBe(1000);
      expect((await vote(t, 8, { cookie: voterCookie(t), ip: '192.0.3.45' })).json().code).toBe(0);
    } finally {
      await writeSetting(t.ctx.db, STEP_UP_SETTING, 0);
    }
  }, 180_000);

  it('the organiser rule: perContest refuses a second entry; perEntryPerDay allows the next day', async () => {
    await writeSetting(t.ctx.db, VOTING_RULE_SETTING, 'perContest');
    try {
      const cookie = voterCookie(t);
      expect((await vote(t, 9, { cookie })).json().code).toBe(0);
      expect((await vote(t, 10, { cookie })).json().code).toBe(2015);
      await writeSetting(t.ctx.db, VOTING_RULE_SETTING, 'perEntryPerDay');
      const key = 'per-day-voter-0001';
      const day1 = new Date();
      const day2 = new Date(day1.getTime() + 86_400_000);
      // A vote at another time than now: the service with a challenge issued at that time.
      const castAt = async (v: { entryId: number; voterKey: string; ip: string }, when: Date) =>
        castVote(t.ctx, { ...v, altcha: solvePow(await challengeFor(t.ctx, 'vote', v.ip, when)).altcha }, when);
      await castAt({ entryId: 11, voterKey: key, ip: '203.0.113.9' }, day1);
      await expect(castAt({ entryId: 11, voterKey: key, ip: '203.0.113.9' }, day1)).rejects.toMatchObject({ code: 2015 });
      const next = await castAt({ entryId: 11, voterKey: key, ip: '203.0.113.9' }, day2);
      expect(next.voteCount).toBe(await count(t, 11));
      // Days turn over at midnight in the contest's zone (default Asia/Shanghai, 16:00 UTC), not at UTC midnight.
      expect(t.ctx.config.contestTimezone).toBe('Asia/Shanghai');
      const late = { entryId: 11, voterKey: 'per-day-voter-0002', ip: '203.0.113.9' };
      const utcMidnight = new Date(new Date().toISOString().slice(0, 10)).getTime();
      const at = (hours: number) => new Date(utcMidnight + hours * 3_600_000);
      await castAt(late, at(0.5)); // 08:30 in Shanghai
      await expect(castAt(late, at(15.5))).rejects.toMatchObject({ code: 2015 }); // 23:30, same day
      expect((await castAt(late, at(16.5))).voteCount).toBe(await count(t, 11)); // 00:30, the next day
    } finally {
      await writeSetting(t.ctx.db, VOTING_RULE_SETTING, 'perEntry');
    }
  });

  it('the vote endpoint is rate limited per address (9429 past the setting)', async () => {
    await writeSetting(t.ctx.db, RATE_SETTING, 3);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await vote(t, 12, { cookie: voterCookie(t), ip: '203.0.113.200' })).json().code);
      expect(codes).toEqual([0, 0, 0, 9429]);
    } finally {
      await writeSetting(t.ctx.db, RATE_SETTING, 1200);
    }
  });
});
