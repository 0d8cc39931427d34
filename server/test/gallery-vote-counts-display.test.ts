import { beforeAll, describe, expect, it } from 'vitest';
import { showCounts } from '../src/services/gallery/count-display';
import { votingSettings } from '../src/services/gallery/voting-settings';
import { DIALECTS, useTestApp } from './factories';
import { type VoteCheck, voteCheck } from './helpers/vote-check';

/**
 * How counts show while voting runs, set in the console beside the voting rule: hidden counts never leave the
 * server (gallery list, entry, vote answer, page HTML and its data block, poster, the ordering by votes), delayed
 * counts are the last snapshot's, and once voting closes every count shows in full. Each read comes a second
 * after the last on the response cache's clock, so a cached answer cannot hide a leak or stand in for a change.
 */
describe.each(DIALECTS)('count display on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { timeout: 120_000 });
  let vc: VoteCheck;
  let first: number;
  let second: number;
  let skew = 0;
  const get = (url: string, headers: Record<string, string> = {}) => {
    skew += 1001;
    t.app.responseCache.now = () => Date.now() + skew;
    return t.app.inject({ url, headers: { 'x-locale': 'en-US', ...headers } });
  };
  const list = async (sort = 'newest') => (await get(`/api/gallery?sort=${sort}`)).json().data;
  const entry = async (id: number) => (await get(`/api/gallery/entries/${id}`)).json().data;
  const setDisplay = async (countDisplay: string, countDelayMinutes = 60) => {
    const current = (await vc.admin('GET', '/api/admin/settings')).json().data;
    const res = await vc.admin('PUT', '/api/admin/settings', { ...current, organiserEmail: 'organiser@contest.test', countDisplay, countDelayMinutes });
    expect(res.json().code, res.body).toBe(0);
    return res;
  };
  const leaks = (text: string) => /"voteCount":\d/.test(text);

  beforeAll(async () => {
    vc = await voteCheck(t);
    first = await vc.submitApproved();
    second = await vc.submitApproved();
    await vc.openVoting();
  }, 120_000);

  it('shows counts live by default, in the list, the entry and the vote answer', async () => {
    expect((await vc.vote(second, '198.51.100.1')).voteCount).toBe(1);
    expect((await list()).counts).toEqual({ display: 'live', asOf: null });
    expect((await entry(second)).voteCount).toBe(1);
  });

  it('refuses a delay outside 1-1440 minutes with 2042 on the field', async () => {
    const current = (await vc.admin('GET', '/api/admin/settings')).json().data;
    const res = await vc.admin('PUT', '/api/admin/settings', {
      ...current,
      organiserEmail: 'organiser@contest.test',
      countDisplay: 'delayed',
      countDelayMinutes: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2042);
    expect(JSON.stringify(res.json())).toContain('countDelayMinutes');
    expect((await vc.admin('GET', '/api/admin/settings')).json().data.countDisplay).toBe('live');
  });

  it('hidden: no count leaves the server, by any route, nor the order by votes', async () => {
    const posterBefore = (await get(`/api/gallery/entries/${second}/poster`)).rawPayload;
    await setDisplay('hidden');
    const answer = await vc.vote(second, '198.51.100.2');
    expect(answer.voteCount).toBeNull();
    expect(answer.receipt).toBeTruthy();
    const page = await list();
    expect(page.counts).toEqual({ display: 'hidden', asOf: null });
    expect(page.items.map((e: { voteCount: unknown }) => e.voteCount)).toEqual([null, null]);
    // By votes the second entry (2 votes) would come first; hidden, the list keeps entry-number order.
    expect((await list('votes')).items.map((e: { id: number }) => e.id)).toEqual([first, second]);
    const detail = await get(`/api/gallery/entries/${second}`);
    expect(detail.json().data.voteCount).toBeNull();
    expect(leaks(detail.body)).toBe(false);
    for (const url of ['/en-US/gallery', `/en-US/gallery/${second}`, '/zh-CN/gallery']) {
      const html = (await get(url)).body;
      expect(html).toContain('<head');
      expect(leaks(html), url).toBe(false);
      expect(html).not.toMatch(/2 votes|2 票/);
    }
    // The poster carries no count: the same picture before and after the vote.
    expect((await get(`/api/gallery/entries/${second}/poster`)).rawPayload.equals(posterBefore)).toBe(true);
  });

  it('delayed: the snapshot taken at the interval start, not newer votes; retaken after the interval', async () => {
    await setDisplay('delayed', 60);
    const page = await list();
    expect(page.counts.display).toBe('delayed');
    expect(page.counts.asOf).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
    const shown = page.items.find((e: { id: number }) => e.id === second).voteCount;
    expect(shown).toBe(2);
    expect((await vc.vote(second, '198.51.100.3')).voteCount).toBeNull();
    expect((await entry(second)).voteCount).toBe(2);
    expect(leaks(JSON.stringify((await list()).items.filter((e: { voteCount: number }) => e.voteCount === 3)))).toBe(false);
    const html = (await get('/en-US/gallery')).body;
    expect(html).not.toContain('"voteCount":3');
    // An hour on, the next read retakes it (the service's clock moved; every instance agrees on the boundary).
    const later = new Date(Date.now() + 3_600_000);
    const settings = await votingSettings(t.ctx.db, later);
    const retaken = await showCounts(t.ctx.db, settings, [{ id: second, voteCount: 0 }], later);
    expect(retaken.rows[0]?.voteCount).toBe(3);
  });

  it('after voting closes: every count in full, in every route', async () => {
    await setDisplay('hidden');
    await vc.closeVoting();
    const page = await list();
    expect(page.counts).toEqual({ display: 'live', asOf: null });
    expect(page.items.find((e: { id: number }) => e.id === second).voteCount).toBe(3);
    expect((await entry(second)).voteCount).toBe(3);
    expect((await list('votes')).items[0].id).toBe(second);
    expect((await get('/en-US/gallery')).body).toContain('"voteCount":3');
  });
});
