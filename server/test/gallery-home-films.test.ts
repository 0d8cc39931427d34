import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, newEntrant, openSubmissions, submitEntry, useTestApp } from './factories';
import { type VoteCheck, voteCheck } from './helpers/vote-check';

/**
 * The home page's films strip (GET /api/gallery/home), walked on an empty install through the product: entries
 * submitted through the API and approved in the console, votes cast through the vote endpoint, the order and
 * the count display chosen in the console's settings. Each read comes a second after the last on the response
 * cache's clock, so a kept answer cannot stand in for a change.
 */
describe.each(DIALECTS)('home films strip on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { timeout: 120_000 });
  let vc: VoteCheck;
  let older: number;
  let newer: number;
  let pending: number;
  let skew = 0;
  const home = async () => {
    skew += 1001;
    t.app.responseCache.now = () => Date.now() + skew;
    const res = await t.app.inject({ url: '/api/gallery/home', headers: { 'x-locale': 'en-US' } });
    expect(res.json().code, res.body).toBe(0);
    return { body: res.body, data: res.json().data };
  };
  const ids = (items: { id: number }[]) => items.map((e) => e.id);
  const settings = async (change: Record<string, unknown>) => {
    const current = (await vc.admin('GET', '/api/admin/settings')).json().data;
    return vc.admin('PUT', '/api/admin/settings', { ...current, organiserEmail: 'organiser@contest.test', ...change });
  };
  const DAY = 86_400_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();

  beforeAll(async () => {
    vc = await voteCheck(t);
    older = await vc.submitApproved();
    newer = await vc.submitApproved();
    // Submitted but never approved: it must not reach the strip.
    pending = (await submitEntry(await newEntrant(t, await openSubmissions(t)))).id;
  }, 120_000);

  it('is empty while the gallery is closed, though entries are approved', async () => {
    const { data } = await home();
    expect(data.items).toEqual([]);
    const html = (await t.app.inject({ url: '/en-US/home' })).body;
    expect(html).toContain('"home-films"');
    expect(html).not.toContain(`"id":${older},`);
  });

  it('shows only approved entries, newest approved first, with cover, number, title and live counts', async () => {
    await vc.openVoting();
    const { data } = await home();
    expect(ids(data.items)).toEqual([newer, older]);
    expect(ids(data.items)).not.toContain(pending);
    expect(data.order).toBe('newest');
    expect(data.counts).toEqual({ display: 'live', asOf: null });
    expect(data.voterMode).toBe('anonymous');
    const card = data.items[0];
    expect(card.entryNo).toEqual(expect.any(Number));
    expect(card.title).toEqual(expect.any(String));
    expect(card.coverUrl).toMatch(/^\/media\//);
    expect(card.voteCount).toBe(0);
  });

  it('orders by votes cast through the vote API when the organiser picks most voted', async () => {
    expect((await settings({ homeFilmOrder: 'mostVoted' })).json().code).toBe(0);
    expect((await vc.admin('GET', '/api/admin/settings')).json().data.homeFilmOrder).toBe('mostVoted');
    await vc.vote(older, '198.51.100.11');
    await vc.vote(older, '198.51.100.12');
    await vc.vote(newer, '198.51.100.13');
    const { data } = await home();
    expect(data.order).toBe('mostVoted');
    expect(ids(data.items)).toEqual([older, newer]);
    expect(data.items.map((e: { voteCount: number }) => e.voteCount)).toEqual([2, 1]);
  });

  it('refuses an order it does not know', async () => {
    const res = await settings({ homeFilmOrder: 'random' });
    expect(res.statusCode).toBe(400);
    expect((await vc.admin('GET', '/api/admin/settings')).json().data.homeFilmOrder).toBe('mostVoted');
  });

  it('with counts hidden shows no count and falls back to newest, so the order tells nothing', async () => {
    expect((await settings({ countDisplay: 'hidden' })).json().code).toBe(0);
    const { data, body } = await home();
    expect(data.counts.display).toBe('hidden');
    expect(data.order).toBe('newest');
    expect(ids(data.items)).toEqual([newer, older]);
    expect(data.items.map((e: { voteCount: unknown }) => e.voteCount)).toEqual([null, null]);
    expect(body).not.toMatch(/"voteCount":\d/);
    const html = (await t.app.inject({ url: '/en-US/home', headers: { 'x-locale': 'en-US' } })).body;
    expect(html).not.toMatch(/"voteCount":\d/);
  });

  it('with counts delayed also falls back to newest', async () => {
    expect((await settings({ countDisplay: 'delayed', countDelayMinutes: 60 })).json().code).toBe(0);
    const { data } = await home();
    expect(data.order).toBe('newest');
    expect(ids(data.items)).toEqual([newer, older]);
  });

  it('follows an entry rejected after approval, and empties again when voting is moved later', async () => {
    expect((await settings({ countDisplay: 'live' })).json().code).toBe(0);
    const rejected = await vc.admin('POST', `/api/admin/entries/${newer}/reject`, { reason: 'Off topic' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(ids((await home()).data.items)).toEqual([older]);
    const moved = await vc.admin('PUT', '/api/admin/phases/voting', { start: at(DAY), end: at(2 * DAY) });
    expect(moved.json().code, moved.body).toBe(0);
    expect((await home()).data.items).toEqual([]);
  });
});
