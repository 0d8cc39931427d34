import { beforeAll, describe, expect, it } from 'vitest';
import type { PowChallenge } from '../../common/challenge';
import { castVote, challengeFor } from '../src/services/gallery/votes';
import { codeIn, createTestUser, DIALECTS, solvePow, useMailedApp } from './factories';
import { type VoteCheck, voteCheck } from './helpers/vote-check';

/**
 * "N votes a day in all, one per entry a day", set by the organiser in the console of an empty install: N
 * votes count, the next is refused with 2089 and the day's N again the next contest day; twenty votes sent at
 * once by one voter count exactly N (the day's keys are unique in the database, not counted before writing);
 * the same in every voter mode. Entries are submitted and approved through the API, votes go through the
 * vote endpoint.
 */
const DAY = 86_400_000;
const N = 3;

describe.each(DIALECTS)('N votes a day in all on %s', (dialect) => {
  const { t, sink } = useMailedApp(dialect, { demoContent: false }, { timeout: 180_000 });
  let vc: VoteCheck;
  const entries: number[] = [];
  let cookieNo = 0;
  const newCookie = () => {
    const key = `day-total-voter-${++cookieNo}-${Math.random().toString(36).slice(2, 10)}`;
    return { key, cookie: `mfc_voter=${encodeURIComponent(t.app.signCookie(key))}` };
  };
  const settings = async (patch: object) => {
    const current = (await vc.admin('GET', '/api/admin/settings')).json().data;
    return vc.admin('PUT', '/api/admin/settings', { ...current, organiserEmail: 'organiser@contest.test', ...patch });
  };
  const vote = async (entryId: number, ip: string, opts: { cookie?: string; body?: object; headers?: Record<string, string> } = {}) => {
    const body = opts.body ?? { altcha: solvePow((await t.app.inject({ url: '/api/challenge?purpose=vote', remoteAddress: ip })).json().data).altcha };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/gallery/entries/${entryId}/vote`,
      remoteAddress: ip,
      headers: { 'x-locale': 'en-US', ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
      payload: body,
    });
    return res.json() as { code: number; msg: string };
  };
  const counted = (voterKey: string) =>
    t.ctx.db
      .selectFrom('votes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('voter_key', '=', voterKey)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));

  beforeAll(async () => {
    vc = await voteCheck(t);
    for (let i = 0; i < N + 2; i++) entries.push(await vc.submitApproved());
    // Voting runs from yesterday to three days ahead, so "tomorrow" is still inside it.
    const phase = await vc.admin('PUT', '/api/admin/phases/voting', {
      start: new Date(Date.now() - DAY).toISOString(),
      end: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    expect(phase.json().code, phase.body).toBe(0);
  }, 180_000);

  it('the organiser sets the rule and N in the console; N outside 1-100 is refused and nothing changes', async () => {
    expect((await vc.admin('GET', '/api/admin/settings')).json().data).toMatchObject({ votingRule: 'perEntry', perDayTotal: 5 });
    const bad = await settings({ votingRule: 'perDayTotal', perDayTotal: 0 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('perDayTotal');
    expect((await vc.admin('GET', '/api/admin/settings')).json().data.votingRule).toBe('perEntry');
    const res = await settings({ votingRule: 'perDayTotal', perDayTotal: N });
    expect(res.json().code, res.body).toBe(0);
    expect((await vc.admin('GET', '/api/admin/settings')).json().data).toMatchObject({ votingRule: 'perDayTotal', perDayTotal: N });
  });

  it('anonymous voter: N entries count, the next is refused with 2089, the same entry twice with 2015', async () => {
    const { key, cookie } = newCookie();
    const ip = '203.0.113.50';
    for (let i = 0; i < N; i++) expect((await vote(entries[i] as number, ip, { cookie })).code).toBe(0);
    const refused = await vote(entries[N] as number, ip, { cookie });
    expect(refused.code).toBe(2089);
    expect(refused.msg).toContain(`${N} votes`);
    expect((await vote(entries[0] as number, ip, { cookie })).code).toBe(2015);
    expect(await counted(key)).toBe(N);
    const audit = await t.ctx.db.selectFrom('vote_audit').select('entry_id').where('voter_key', '=', key).where('outcome', '=', 'dayLimit').execute();
    expect(audit.map((a) => a.entry_id)).toEqual([entries[N]]);
  });

  it('the next contest day the voter has N votes again', async () => {
    const { key } = newCookie();
    const ip = '203.0.113.51';
    // A vote at another time than now: the service the endpoint calls, with a challenge issued at that time.
    const castAt = async (entryId: number, when: Date) =>
      castVote(t.ctx, { entryId, voterKey: key, ip, altcha: solvePow(await challengeFor(t.ctx, 'vote', ip, when)).altcha }, when);
    const today = new Date();
    const tomorrow = new Date(today.getTime() + DAY);
    for (let i = 0; i < N; i++) await castAt(entries[i] as number, today);
    await expect(castAt(entries[N] as number, today)).rejects.toMatchObject({ code: 2089 });
    for (let i = 0; i < N; i++) await castAt(entries[i + 1] as number, tomorrow);
    await expect(castAt(entries[0] as number, tomorrow)).rejects.toMatchObject({ code: 2089 });
    expect(await counted(key)).toBe(2 * N);
  });

  it('twenty votes sent at once by one voter count exactly N', async () => {
    const { key, cookie } = newCookie();
    const ip = '203.0.113.52';
    const solved = await Promise.all(Array.from({ length: 20 }, async () => solvePow(await challengeFor(t.ctx, 'vote', ip)).altcha));
    const answers = await Promise.all(solved.map((altcha, i) => vote(entries[i % entries.length] as number, ip, { cookie, body: { altcha } })));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(N);
    expect(codes.every((c) => c === 0 || c === 2089 || c === 2015)).toBe(true);
    expect(await counted(key)).toBe(N);
    const votes = await t.ctx.db.selectFrom('votes').select('entry_id').where('voter_key', '=', key).execute();
    expect(new Set(votes.map((v) => v.entry_id)).size).toBe(N);
  });

  it('e-mail and account voters have the same N a day', async () => {
    const ip = '203.0.113.53';
    expect((await settings({ voterMode: 'email' })).json().code).toBe(0);
    const email = 'day.total@example.test';
    for (let i = 0; i <= N; i++) {
      const c = (await t.app.inject({ url: '/api/challenge?purpose=voteCode', remoteAddress: ip })).json().data as PowChallenge;
      const asked = await t.app.inject({ method: 'POST', url: '/api/gallery/vote-code', remoteAddress: ip, payload: { email, altcha: solvePow(c).altcha } });
      expect(asked.json().code, asked.body).toBe(0);
      const res = await vote(entries[i] as number, ip, { body: { email, code: codeIn(sink.to(email).at(-1)) } });
      expect(res.code).toBe(i < N ? 0 : 2089);
    }
    expect((await settings({ voterMode: 'account' })).json().code).toBe(0);
    const user = await createTestUser(t.ctx);
    const headers = { authorization: `Bearer ${user.token}` };
    const codes: number[] = [];
    for (let i = 0; i <= N; i++) codes.push((await vote(entries[i] as number, '203.0.113.54', { body: {}, headers })).code);
    expect(codes).toEqual([...Array(N).fill(0), 2089]);
    expect(await counted(`u:${user.id}`)).toBe(N);
    expect((await settings({ voterMode: 'anonymous' })).json().code).toBe(0);
  });
});
