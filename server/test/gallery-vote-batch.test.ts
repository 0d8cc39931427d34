import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHASES_SETTING } from '../../common/settings-keys';
import { writeSetting as write } from '../src/db/repos/settings';
import { challengeFor } from '../src/services/gallery/votes';
import { forgetVotingSettings } from '../src/services/gallery/voting-settings';
import {
  createTestUser,
  DIALECTS,
  newEntrant,
  openSubmissions,
  setLoadTestVoting,
  solvedVote,
  solvePow,
  startAppOn,
  startTestApp,
  submitEntry,
  type TestApp,
} from './factories';

/**
 * Group commit, on each database: votes that arrive together are written by one transaction, and
 * every vote ends as it would have one after another. Two apps: one with the default window (a batch is
 * what arrived in one turn of the event loop, plus whatever came while the last one was written) for the
 * thousand-vote bursts, one whose first vote waits 1 s for the others (VOTE_BATCH_MS) so a test knows
 * which votes share a batch (the batch count says so too). Votes carry solved challenges at the lowest
 * difficulty, from the service the challenge endpoint calls (its own rate limit would refuse a thousand
 * from one test address); the single votes fetch theirs through the endpoint (factories `solvedVote`).
 */
let n = 0;
const voterCookie = (t: TestApp, key = `batch-voter-${++n}-${Math.random().toString(36).slice(2, 10)}`) =>
  `mfc_voter=${encodeURIComponent(t.app.signCookie(key))}`;
const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const vote = (t: TestApp, entryId: number, altcha: string, opts: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/gallery/entries/${entryId}/vote`,
    remoteAddress: opts.ip ?? '203.0.113.7',
    headers: { 'x-locale': 'en-US', cookie: opts.cookie ?? voterCookie(t) },
    payload: { altcha },
  });
const presolved = (t: TestApp, count: number) =>
  Promise.all(Array.from({ length: count }, async () => solvePow(await challengeFor(t.ctx, 'vote', '203.0.113.7')).altcha));

/** The entry's counter, its vote rows and its counted audit rows: the three must always agree. */
async function books(t: TestApp, entryId: number) {
  const db = t.ctx.db;
  const counter = (await db.selectFrom('entries').select('vote_count').where('id', '=', entryId).executeTakeFirstOrThrow()).vote_count;
  const rows = (await db.selectFrom('votes').select('id').where('entry_id', '=', entryId).execute()).length;
  const counted = (await db.selectFrom('vote_audit').select('id').where('entry_id', '=', entryId).where('outcome', '=', 'counted').execute()).length;
  return { counter, rows, counted };
}
/** All rows of a table (the audit, the spent challenges): a failed batch must add none. */
const rowsOf = async (t: TestApp, table: 'vote_audit' | 'spent_challenges') =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DIALECTS)('group commit of votes on %s', (dialect) => {
  let t: TestApp;
  /** The app whose batches wait 1 s for their votes. */
  let slow: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await setLoadTestVoting(t.ctx.db);
    slow = await startAppOn(t.db, { voteBatchMs: 1000, demoContent: false });
  }, 120_000);
  afterAll(async () => {
    await slow?.close();
    await t?.close();
  });

  it('1,000 concurrent identical votes (one voter, one entry): exactly 1 counted, 999 get 2015, in fewer transactions than votes', async () => {
    const before = await books(t, 1);
    const stats = t.ctx.votes.stats();
    const cookie = voterCookie(t);
    const solutions = await presolved(t, 1000);
    const res = await Promise.all(solutions.map((altcha) => vote(t, 1, altcha, { cookie })));
    expect(res.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    const codes = res.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 2015)).toHaveLength(999);
    const after = await books(t, 1);
    expect(after).toEqual({ counter: before.counter + 1, rows: before.rows + 1, counted: before.counted + 1 });
    const now = t.ctx.votes.stats();
    expect(now.votes - stats.votes).toBe(1000);
    expect(now.batches - stats.batches).toBeLessThan(1000);
  }, 180_000);

  it('1,000 distinct voters at once: 1,000 counted; counter = rows = audit; each answer a count the entry had', async () => {
    const before = await books(t, 2);
    const solutions = await presolved(t, 1000);
    const res = await Promise.all(solutions.map((altcha, i) => vote(t, 2, altcha, { ip: ip(i + 1) })));
    expect(res.filter((r) => r.json().code !== 0).map((r) => r.body)).toEqual([]);
    const after = await books(t, 2);
    expect(after).toEqual({ counter: before.counter + 1000, rows: before.rows + 1000, counted: before.counted + 1000 });
    // As if one after another: the answers are the counts before.counter + 1 ... + 1000, each once.
    const answered = res.map((r) => r.json().data.voteCount as number).sort((a, b) => a - b);
    expect(answered).toEqual(Array.from({ length: 1000 }, (_, i) => before.counter + 1 + i));
  }, 180_000);

  it('inside one batch: a repeat voter gets 2015, a shared challenge pays once (3004), an entry not approved gets 2100 and the rest commits', async () => {
    const entrant = await newEntrant(t, await openSubmissions(t));
    const pending = (await submitEntry(entrant)).id; // submitted, not yet approved
    const before = { e3: await books(slow, 3), e4: await books(slow, 4), pending: await books(slow, pending) };
    const stats = slow.ctx.votes.stats();
    const repeat = voterCookie(slow);
    const [a, b, shared, other, forPending] = await Promise.all([1, 2, 3, 4, 5].map(async (i) => (await solvedVote(slow, `198.18.0.${i}`)).altcha));
    const res = await Promise.all([
      vote(slow, 3, a as string, { cookie: repeat }),
      vote(slow, 3, b as string, { cookie: repeat }),
      vote(slow, 4, shared as string),
      vote(slow, 4, shared as string),
      vote(slow, 4, other as string),
      vote(slow, pending, forPending as string),
    ]);
    const codes = res.map((r) => r.json().code as number);
    expect(slow.ctx.votes.stats().batches - stats.batches).toBe(1);
    expect(codes.slice(0, 2).sort()).toEqual([0, 2015]);
    expect(codes.slice(2, 4).sort()).toEqual([0, 3004]);
    expect(codes.slice(4)).toEqual([0, 2100]);
    expect(await books(slow, 3)).toEqual({ counter: before.e3.counter + 1, rows: before.e3.rows + 1, counted: before.e3.counted + 1 });
    expect(await books(slow, 4)).toEqual({ counter: before.e4.counter + 2, rows: before.e4.rows + 2, counted: before.e4.counted + 2 });
    expect(await books(slow, pending)).toEqual(before.pending);
    // The refused ones are audited as they would be one at a time.
    const outcomes = (await slow.ctx.db.selectFrom('vote_audit').select('outcome').where('entry_id', 'in', [3, 4, pending]).execute()).map((r) => r.outcome);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'challengeUsed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'notFound')).toHaveLength(1);
    // The vote refused for the entry did not spend its challenge: once approved, the same solution counts.
    const admin = await createTestUser(t.ctx, { role: 'admin' });
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/entries/${pending}/approve`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(approved.statusCode).toBe(200);
    expect((await vote(slow, pending, forPending as string)).json()).toMatchObject({ code: 0, data: { voteCount: 1 } });
  }, 120_000);

  it('a batch whose transaction fails answers an error to every vote in it and keeps none; its challenges still pay afterwards', async () => {
    // A trigger that fails the insert of one vote, so the batch's transaction fails half-way through.
    if (dialect === 'sqlite') {
      await sql`create trigger poison_vote before insert on votes when new.voter_key like 'poison%' begin select raise(abort, 'injected failure'); end`.execute(
        t.ctx.db,
      );
    } else {
      await sql`create function poison_vote() returns trigger as $$ begin if new.voter_key like 'poison%' then raise exception 'injected failure'; end if; return new; end $$ language plpgsql`.execute(
        t.ctx.db,
      );
      await sql`create trigger poison_vote before insert on votes for each row execute function poison_vote()`.execute(t.ctx.db);
    }
    try {
      const before = { e5: await books(slow, 5), audit: await rowsOf(slow, 'vote_audit'), spent: await rowsOf(slow, 'spent_challenges') };
      const stats = slow.ctx.votes.stats();
      const solutions = await Promise.all(Array.from({ length: 9 }, async (_, i) => (await solvedVote(slow, `198.18.1.${i + 1}`)).altcha));
      const poison = (await solvedVote(slow, '198.18.1.99')).altcha;
      const cookies = solutions.map(() => voterCookie(slow));
      const res = await Promise.all([
        ...solutions.map((altcha, i) => vote(slow, 5, altcha, { cookie: cookies[i], ip: `198.18.1.${i + 1}` })),
        vote(slow, 5, poison, { cookie: voterCookie(slow, `poison-voter-${Math.random().toString(36).slice(2, 12)}`), ip: '198.18.1.99' }),
      ]);
      expect(slow.ctx.votes.stats().batches - stats.batches).toBe(1);
      expect(res.map((r) => r.statusCode >= 500)).toEqual(res.map(() => true));
      expect(res.map((r) => r.json().code === 0)).toEqual(res.map(() => false));
      expect({ e5: await books(slow, 5), audit: await rowsOf(slow, 'vote_audit'), spent: await rowsOf(slow, 'spent_challenges') }).toEqual(before);
      // Nothing was spent: the same solutions (and voters) vote once the fault is gone.
      if (dialect === 'sqlite') await sql`drop trigger poison_vote`.execute(t.ctx.db);
      else await sql`drop trigger poison_vote on votes`.execute(t.ctx.db);
      const again = await Promise.all(solutions.map((altcha, i) => vote(slow, 5, altcha, { cookie: cookies[i], ip: `198.18.1.${i + 1}` })));
      expect(again.map((r) => r.json().code)).toEqual(solutions.map(() => 0));
      const after = await books(slow, 5);
      expect(after).toEqual({ counter: before.e5.counter + 9, rows: before.e5.rows + 9, counted: before.e5.counted + 9 });
    } finally {
      if (dialect === 'sqlite') await sql`drop trigger if exists poison_vote`.execute(t.ctx.db);
      else {
        await sql`drop trigger if exists poison_vote on votes`.execute(t.ctx.db);
        await sql`drop function if exists poison_vote()`.execute(t.ctx.db);
      }
    }
  }, 120_000);

  it('a setting changed elsewhere (another instance closes voting) applies within a second; an entry rejected applies at once', async () => {
    const phases = (await t.ctx.db.selectFrom('settings').select('value').where('key', '=', PHASES_SETTING).executeTakeFirstOrThrow()).value;
    expect((await vote(t, 6, (await solvedVote(t, '198.18.2.1')).altcha, { ip: '198.18.2.1' })).json().code).toBe(0);
    try {
      // Written straight to the database, as another instance's console would: this app's cache is not told.
      await write(t.ctx.db, PHASES_SETTING, { ...JSON.parse(phases), voting: { start: '2020-01-01T00:00:00.000Z', end: '2020-02-01T00:00:00.000Z' } });
      const changedAt = Date.now();
      const altcha = (await solvedVote(t, '198.18.2.2')).altcha;
      // Waits out the settings' one-second life (a wait, not a measured figure), then votes.
      await new Promise((r) => setTimeout(r, Math.max(0, changedAt + 1_050 - Date.now())));
      const closed = await vote(t, 6, altcha, { ip: '198.18.2.2' });
      expect(closed.json().code).toBe(4100);
    } finally {
      await t.ctx.db.updateTable('settings').set({ value: phases }).where('key', '=', PHASES_SETTING).execute();
      forgetVotingSettings(t.ctx.db);
    }
    // The entry's state is read inside each batch: a rejection in the database applies to the next vote.
    await t.ctx.db.updateTable('entries').set({ status: 'rejected' }).where('id', '=', 6).execute();
    try {
      expect((await vote(t, 6, (await solvedVote(t, '198.18.2.3')).altcha, { ip: '198.18.2.3' })).json().code).toBe(2100);
    } finally {
      await t.ctx.db.updateTable('entries').set({ status: 'approved' }).where('id', '=', 6).execute();
    }
  }, 60_000);
});
