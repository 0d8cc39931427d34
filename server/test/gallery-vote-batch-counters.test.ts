import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { POW_BASE_SETTING, POW_STEP_UP_SETTING, STEP_UP_SETTING, SUBNET_SETTING } from '../../common/settings-keys';
import type { VoteSignals } from '../../common/vote-review';
import { writeSetting } from '../src/db/repos/settings';
import { SlidingCounts, VoteCounters } from '../src/services/gallery/vote-counters';
import { forgetVotingSettings } from '../src/services/gallery/voting-settings';
import { DIALECTS, solvedVote, startAppOn, startTestApp, type TestApp } from './factories';

/**
 * The counters a vote's difficulty and signals are read from (memory, or Redis with REDIS_URL)
 * instead of counting rows per vote: the window's edges, a restart that keeps an address's budget (warmed
 * from the database), votes of one batch seeing those before them, and two instances sharing the counts
 * through Redis. Votes go through the vote endpoint with challenges from GET /api/challenge.
 */
const BASE = 1000;
const STEP_UP = 40_000;
const MINUTE = 60_000;

describe('sliding vote counts', () => {
  it('a vote counts for at least an hour and leaves within the 61st minute', () => {
    const hour = new SlidingCounts(MINUTE);
    const t0 = Date.parse('2026-11-24T10:00:30.000Z');
    hour.add('a:1', t0, 1);
    hour.add('a:1', t0 + 5 * MINUTE, 2);
    expect(hour.count('a:1', t0)).toBe(1);
    expect(hour.count('a:1', t0 + 60 * MINUTE)).toBe(3); // an hour later: still counted
    expect(hour.count('a:1', t0 + 61 * MINUTE)).toBe(2); // past its bucket's 61 minutes
    expect(hour.count('a:1', t0 + 66 * MINUTE)).toBe(0);
    expect(hour.count('a:2', t0)).toBe(0);
    expect(hour.count('a:1', t0 - MINUTE)).toBe(0); // a count looks back, never forward
  });

  it('reads no clock of its own: the same votes give the same counts whatever the system time', () => {
    const t0 = Date.parse('2026-11-24T10:00:30.000Z');
    const counts = (systemTime: number) => {
      vi.useFakeTimers({ now: systemTime, toFake: ['Date'] });
      try {
        const hour = new SlidingCounts(MINUTE);
        hour.add('a:1', t0, 1);
        hour.add('a:1', t0 + 5 * MINUTE, 2);
        hour.add('a:1', t0 + 30 * MINUTE, 4);
        return [0, 30, 60, 61, 66, 91].map((m) => hour.count('a:1', t0 + m * MINUTE));
      } finally {
        vi.useRealTimers();
      }
    };
    const expected = [1, 7, 7, 6, 4, 0];
    expect(counts(t0)).toEqual(expected);
    expect(counts(t0 + 365 * 24 * 60 * MINUTE)).toEqual(expected); // a year later
    expect(counts(t0 - 365 * 24 * 60 * MINUTE)).toEqual(expected); // a year before
  });

  it('keeps only the buckets a count can still reach once time moves on', () => {
    const hour = new SlidingCounts(MINUTE);
    const t0 = Date.parse('2030-01-01T00:00:00.000Z');
    for (let m = 0; m < 600; m++) hour.add(`a:${m}`, t0 + m * MINUTE, 1);
    expect(hour.count('a:599', t0 + 599 * MINUTE)).toBe(1);
    expect(hour.count('a:539', t0 + 599 * MINUTE)).toBe(1); // 60 buckets back: still in the window
    expect(hour.count('a:538', t0 + 599 * MINUTE)).toBe(0);
    // A late vote for a bucket nobody can read any more is not kept.
    hour.add('a:0', t0, 1);
    expect(hour.count('a:0', t0)).toBe(0);
  });

  it('votes in flight count at once, each seeing those admitted before it; a refused one gives its place back, a kept one stays', async () => {
    const counters = new VoteCounters();
    const at = Date.now();
    const v = (ip: string) => ({ ip, subnet: '10.0.0.0/24', entryId: 1, atMs: at });
    // Admitted together (neither awaited before the other is admitted): the second sees the first.
    const [first, second] = await Promise.all([counters.admit(v('10.0.0.1')), counters.admit(v('10.0.0.1'))]);
    expect([first, second]).toEqual([
      { address: 0, subnet: 0, entryMinute: 0 },
      { address: 1, subnet: 1, entryMinute: 1 },
    ]);
    await counters.admit(v('10.0.0.2'));
    counters.release(v('10.0.0.1')); // the second was refused before its batch (a step-up)
    expect(await counters.recent('10.0.0.1', '10.0.0.0/24', 1, at)).toEqual({ address: 1, subnet: 2, entryMinute: 2 });
    // The batch: the first and the third kept, the first refused as a duplicate.
    await counters.settle([v('10.0.0.1'), v('10.0.0.2')], [v('10.0.0.2')]);
    expect(await counters.recent('10.0.0.1', '10.0.0.0/24', 1, at)).toEqual({ address: 0, subnet: 1, entryMinute: 1 });
    expect(await counters.recent('10.0.0.2', '10.0.0.0/24', 1, at)).toEqual({ address: 1, subnet: 1, entryMinute: 1 });
  });
});

describe.each(DIALECTS)('vote counters on %s', (dialect) => {
  let t: TestApp;
  const setting = async (app: TestApp, key: string, value: unknown) => {
    await writeSetting(app.ctx.db, key, value);
    forgetVotingSettings(app.ctx.db);
  };
  const challenge = async (app: TestApp, ip: string) =>
    (await app.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data as PowChallenge;
  const vote = async (app: TestApp, entryId: number, ip: string, altcha?: string) =>
    (
      await app.app.inject({
        method: 'POST',
        url: `/api/gallery/entries/${entryId}/vote`,
        remoteAddress: ip,
        headers: { cookie: `mfc_voter=${encodeURIComponent(app.app.signCookie(`counter-voter-${randomBytes(8).toString('hex')}`))}` },
        payload: { altcha: altcha ?? (await solvedVote(app, ip)).altcha },
      })
    ).json() as { code: number };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await setting(t, POW_BASE_SETTING, BASE);
    await setting(t, POW_STEP_UP_SETTING, STEP_UP);
    await setting(t, SUBNET_SETTING, 0);
    await setting(t, STEP_UP_SETTING, 2);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("a restart keeps an address's budget: the counts are warmed from the database's last hour", async () => {
    const ip = '198.18.9.9';
    expect((await vote(t, 1, ip)).code).toBe(0);
    expect((await vote(t, 2, ip)).code).toBe(0);
    expect((await challenge(t, ip)).maxnumber).toBe(STEP_UP);
    // A new process on the same database (its counters start empty, then read the last hour).
    const restarted = await startAppOn(t.db, { demoContent: false });
    try {
      expect((await challenge(restarted, ip)).maxnumber).toBe(STEP_UP);
      expect((await challenge(restarted, '198.18.10.9')).maxnumber).toBe(BASE);
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('the votes of one batch see those before them in the signals', async () => {
    await setting(t, STEP_UP_SETTING, 0);
    const slow = await startAppOn(t.db, { voteBatchMs: 1000, demoContent: false });
    try {
      const ip = '198.18.11.1';
      const solutions = await Promise.all([1, 2, 3].map(async () => (await solvedVote(slow, ip)).altcha));
      const before = slow.ctx.votes.stats().batches;
      const codes = await Promise.all(solutions.map((altcha) => vote(slow, 3, ip, altcha)));
      expect(codes.map((c) => c.code)).toEqual([0, 0, 0]);
      expect(slow.ctx.votes.stats().batches - before).toBe(1);
      const rows = await t.ctx.db.selectFrom('votes').select('signals').where('ip', '=', ip).execute();
      const seen = rows.map((r) => (JSON.parse(r.signals ?? '{}') as VoteSignals).addressHour).sort();
      expect(seen).toEqual([0, 1, 2]);
    } finally {
      await slow.close();
      await setting(t, STEP_UP_SETTING, 2);
    }
  }, 60_000);
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('vote counters shared through Redis by two instances (sqlite; needs TEST_REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  const redis = { redisUrl, redisPrefix: `mfc-test-${randomBytes(6).toString('hex')}` };
  beforeAll(async () => {
    a = await startTestApp('sqlite', redis);
    b = await startAppOn(a.db, { ...redis, demoContent: false });
    for (const [key, value] of [
      [POW_BASE_SETTING, BASE],
      [POW_STEP_UP_SETTING, STEP_UP],
      [SUBNET_SETTING, 0],
      [STEP_UP_SETTING, 2],
    ] as const)
      await writeSetting(a.ctx.db, key, value);
    forgetVotingSettings(a.ctx.db);
    forgetVotingSettings(b.ctx.db);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    // The counters' keys go with the test (they would expire within the hour anyway).
    const { Redis } = await import('ioredis');
    const client = new Redis(redisUrl as string);
    const keys = await client.keys(`${redis.redisPrefix}:*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  it("votes on one instance raise the address's difficulty on the other", async () => {
    const ip = '198.18.12.1';
    expect((await b.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data.maxnumber).toBe(BASE);
    for (const entryId of [1, 2]) {
      const res = await a.app.inject({
        method: 'POST',
        url: `/api/gallery/entries/${entryId}/vote`,
        remoteAddress: ip,
        payload: { altcha: (await solvedVote(a, ip)).altcha },
      });
      expect(res.json().code).toBe(0);
    }
    expect((await b.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data.maxnumber).toBe(STEP_UP);
    expect((await b.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: '198.18.13.1' })).json().data.maxnumber).toBe(BASE);
  }, 60_000);
});
