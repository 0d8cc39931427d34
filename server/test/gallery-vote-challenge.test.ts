import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeSolution, type PowChallenge } from '../../common/challenge';
import { POW_BASE_SETTING, POW_STEP_UP_SETTING, STEP_UP_SETTING, SUBNET_SETTING } from '../../common/settings-keys';
import { writeSetting as write } from '../src/db/repos/settings';
import { issueChallenge } from '../src/services/gallery/challenge';
import { forgetVotingSettings } from '../src/services/gallery/voting-settings';
import { badInputTally, DIALECTS, solvePow, startAppOn, startTestApp, type TestApp, wrongSolution } from './factories';

/**
 * On each database: a vote is paid for with a proof-of-work challenge. Missing, wrong,
 * forged, expired, other-purpose and replayed solutions are refused and audited (counted here: 0 accepted),
 * one challenge pays for one vote even in parallel and across two app instances on one database, and the
 * difficulty rises with the counted votes of the address and of its subnet in the hour. Every vote goes
 * through the vote endpoint with a challenge from GET /api/challenge, as the page does.
 */
const BASE = 1000;
/** The step-up difficulty here: low, so the test can solve past it in a moment (the default is 80 million). */
const STEP_UP = 40_000;

describe.each(DIALECTS)('vote proof of work on %s', (dialect) => {
  let t: TestApp;
  let n = 0;
  const cookie = () => `mfc_voter=${encodeURIComponent(t.app.signCookie(`pow-voter-${++n}-${Math.random().toString(36).slice(2, 10)}`))}`;
  const challenge = async (ip: string, app = t) =>
    (await app.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data as PowChallenge;
  const vote = async (entryId: number, ip: string, altcha: string | undefined, app = t) =>
    (
      await app.app.inject({
        method: 'POST',
        url: `/api/gallery/entries/${entryId}/vote`,
        remoteAddress: ip,
        headers: { cookie: cookie(), 'x-locale': 'en-US' },
        payload: altcha === undefined ? {} : { altcha },
      })
    ).json() as { code: number; msg: string; data?: { voteCount: number } };
  const setting = async (key: string, value: unknown) => {
    await write(t.ctx.db, key, value);
    forgetVotingSettings(t.ctx.db);
  };
  /**
   * The entry's counter, its vote rows and its counted audit rows, as moved since the suite began (the seeded
   * ballot entries start with a demo count and no rows): the three must always move together.
   */
  const start = new Map<number, { counter: number; rows: number; counted: number }>();
  const books = async (entryId: number) => {
    const db = t.ctx.db;
    const counter = (await db.selectFrom('entries').select('vote_count').where('id', '=', entryId).executeTakeFirstOrThrow()).vote_count;
    const rows = await db.selectFrom('votes').select('id').where('entry_id', '=', entryId).execute();
    const counted = await db.selectFrom('vote_audit').select('id').where('entry_id', '=', entryId).where('outcome', '=', 'counted').execute();
    const base = start.get(entryId) ?? { counter: 0, rows: 0, counted: 0 };
    return { counter: counter - base.counter, rows: rows.length - base.rows, counted: counted.length - base.counted };
  };
  const outcomes = async (entryId: number) =>
    (await t.ctx.db.selectFrom('vote_audit').select('outcome').where('entry_id', '=', entryId).execute()).map((r) => r.outcome).sort();

  /** microfilm_votes_total by outcome, as the metrics plugin counted it from the answers. */
  const refusals = async () => Object.fromEntries((await t.ctx.metrics.votes.get()).values.map((v) => [String(v.labels.outcome), v.value]));
  const refusalsSince = async (before: Record<string, number>) =>
    Object.fromEntries(Object.entries(await refusals()).flatMap(([k, n]) => (n - (before[k] ?? 0) > 0 ? [[k, n - (before[k] ?? 0)]] : [])));

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await setting(POW_BASE_SETTING, BASE);
    await setting(POW_STEP_UP_SETTING, STEP_UP);
    for (const id of [3, 4, 5, 6]) start.set(id, await books(id));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const tally = badInputTally(`vote challenges, ${dialect}`);

  it('missing, wrong, forged, expired and other-purpose solutions are refused with their codes and counted in the metrics, not audited row by row; 0 votes counted', async () => {
    const ip = '203.0.113.21';
    const before = await books(3);
    const refusalsBefore = await refusals();
    const codes: number[] = [];
    const bad = async (altcha: string | undefined) => {
      const res = await vote(3, ip, altcha);
      tally.tried++;
      if (res.code === 0) tally.accepted++;
      codes.push(res.code);
    };
    await bad(undefined);
    await bad('');
    await bad('not base64 json');
    await bad(wrongSolution(await challenge(ip)));
    // Forged: signed with another key; a real challenge with its difficulty edited down (re-hashed, old signature).
    await bad(solvePow(await issueChallenge({ ...t.ctx, config: { ...t.ctx.config, cookieSecret: 'guessed' } }, 'vote', BASE)).altcha);
    const real = await challenge(ip);
    const easier = real.salt.replace(/m=\d+/, 'm=2');
    await bad(encodeSolution({ ...real, salt: easier, number: 1, challenge: createHash('sha256').update(`${easier}1`).digest('hex') }));
    // Expired: issued eleven minutes ago (a challenge lives ten).
    await bad(solvePow(await issueChallenge(t.ctx, 'vote', BASE, new Date(Date.now() - 11 * 60_000))).altcha);
    // Made for the contact form: it does not pay for a vote.
    await bad(solvePow(await issueChallenge(t.ctx, 'contact', BASE)).altcha);
    expect(codes).toEqual([2013, 2013, 3001, 3001, 3001, 3001, 3003, 3001]);
    expect(await books(3)).toEqual(before);
    // Refusals without a valid proof cost no durable write each: no audit row, only the count by code in the metrics.
    expect(await outcomes(3)).toEqual([]);
    expect(await refusalsSince(refusalsBefore)).toEqual({ CaptchaRequired: 2, CaptchaWrong: 5, CaptchaExpired: 1 });
    const refused = await vote(3, ip, '');
    expect(refused.msg).toBe('Please enter captcha'); // 2013 keeps its meaning
  });

  it('a solution pays for one vote: a replay, ten at once, and one on a second instance of the app are refused (3004)', async () => {
    const ip = '203.0.113.22';
    const before = await books(4);
    const first = solvePow(await challenge(ip)).altcha;
    expect((await vote(4, ip, first)).code).toBe(0);
    const replay = await vote(4, ip, first);
    expect(replay.code).toBe(3004);
    tally.tried++;
    // Ten voters (new cookies) sending one fresh solution at the same moment: exactly one vote counts.
    const shared = solvePow(await challenge(ip)).altcha;
    const burst = await Promise.all(Array.from({ length: 10 }, () => vote(4, ip, shared)));
    expect(burst.filter((r) => r.code === 0)).toHaveLength(1);
    expect(burst.filter((r) => r.code === 3004)).toHaveLength(9);
    tally.tried += 9;
    // Two instances on one database (N stateless servers behind a balancer): spent on one, refused on the other.
    const other = await startAppOn(t.db);
    try {
      const solution = solvePow(await challenge(ip, other)).altcha;
      expect((await vote(4, ip, solution, other)).code).toBe(0);
      expect((await vote(4, ip, solution)).code).toBe(3004);
      tally.tried++;
    } finally {
      await other.close();
    }
    const after = await books(4);
    expect(after.counter - before.counter).toBe(3);
    expect(after).toEqual({ counter: 3, rows: 3, counted: 3 });
    expect((await outcomes(4)).filter((o) => o === 'challengeUsed')).toHaveLength(11);
  }, 60_000);

  it("difficulty rises with the address's counted votes in the hour: base, then the step-up, then doubling; an easier one is refused (3002)", async () => {
    await setting(STEP_UP_SETTING, 3);
    await setting(SUBNET_SETTING, 0);
    try {
      const ip = '198.18.7.7';
      const seen: number[] = [];
      const early = solvePow(await challenge(ip)).altcha; // fetched while the address is below the threshold
      for (let i = 0; i < 3; i++) {
        const c = await challenge(ip);
        seen.push(c.maxnumber);
        expect((await vote(5, ip, solvePow(c).altcha)).code).toBe(0);
      }
      const stepped = await challenge(ip);
      seen.push(stepped.maxnumber);
      // The base challenge fetched earlier no longer pays for a vote from this address.
      const refused = await vote(5, ip, early);
      expect(refused.code).toBe(3002);
      tally.tried++;
      // The harder one counts; the next is twice as hard again.
      expect((await vote(5, ip, solvePow(stepped).altcha)).code).toBe(0);
      seen.push((await challenge(ip)).maxnumber);
      expect(seen).toEqual([BASE, BASE, BASE, STEP_UP, STEP_UP * 2]);
      // A different network is not affected.
      expect((await challenge('198.18.8.7')).maxnumber).toBe(BASE);
    } finally {
      await setting(STEP_UP_SETTING, 0);
    }
  }, 240_000);

  it('a busy subnet (/24 IPv4, /48 IPv6) raises the difficulty for its other addresses too', async () => {
    await setting(STEP_UP_SETTING, 0);
    await setting(SUBNET_SETTING, 2);
    try {
      for (const [a, b, neighbour, outside] of [
        ['198.19.4.1', '198.19.4.2', '198.19.4.200', '198.19.5.1'],
        ['2001:db8:aa:1::1', '2001:db8:aa:2::1', '2001:db8:aa:ffff::9', '2001:db8:ab::1'],
      ] as const) {
        expect((await vote(6, a, solvePow(await challenge(a)).altcha)).code).toBe(0);
        expect((await vote(6, b, solvePow(await challenge(b)).altcha)).code).toBe(0);
        expect((await challenge(neighbour)).maxnumber).toBe(STEP_UP);
        expect((await challenge(outside)).maxnumber).toBe(BASE);
      }
    } finally {
      await setting(SUBNET_SETTING, 0);
    }
  }, 60_000);

  it('the books agree after every refusal above: counter = vote rows = counted audit rows', async () => {
    expect(await books(3)).toEqual({ counter: 0, rows: 0, counted: 0 });
    expect(await books(4)).toEqual({ counter: 3, rows: 3, counted: 3 });
    expect(await books(5)).toEqual({ counter: 4, rows: 4, counted: 4 });
    expect(await books(6)).toEqual({ counter: 4, rows: 4, counted: 4 });
    expect(tally.accepted).toBe(0);
  });
});
