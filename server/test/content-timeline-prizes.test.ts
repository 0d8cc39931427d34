import { describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, useTestApp } from './factories';

/**
 * The contest page's public reads: the phases in date order, however the organiser planned them, and the
 * prizes named in the console (names only, per locale, in the organiser's order; none on a new contest).
 */
describe.each(DIALECTS)('timeline order and prizes on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { timeout: 120_000 });
  const DAY = 86_400_000;
  const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  const get = async (url: string, locale = 'en-US') => {
    // A second on the response cache's clock per read, so a console write is seen at once.
    const skew = Date.now() + 2000;
    t.app.responseCache.now = () => skew;
    const res = await t.app.inject({ url, headers: { 'x-locale': locale } });
    expect(res.json().code, res.body).toBe(0);
    return res.json().data;
  };

  it('lists the phases by start date, not in the phases’ built-in order', async () => {
    const { token } = await createTestUser(t.ctx, { role: 'admin' });
    const put = async (phase: string, start: number, end: number) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/phases/${phase}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { start: at(start), end: at(end) },
      });
      expect(res.json().code, res.body).toBe(0);
    };
    await put('awards', 1, 2);
    await put('registration', 10, 20);
    await put('voting', -3, 5);
    await put('submission', -10, -4);
    const contest = await get('/api/contest');
    expect(contest.phases.map((p: { phase: string }) => p.phase)).toEqual(['submission', 'voting', 'awards', 'registration']);
    expect(contest.currentPhase).toBe('voting');
  });

  it('reads no prizes on a new contest, then the names the organiser gave, per locale and in order', async () => {
    expect(await get('/api/awards')).toEqual([]);
    const { token } = await createTestUser(t.ctx, { role: 'admin' });
    const add = async (sort: number, i18n: object) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/jury/awards', headers: { authorization: `Bearer ${token}` }, payload: { sort, i18n } });
      expect(res.json().code, res.body).toBe(0);
    };
    await add(2, { 'zh-CN': { name: '最佳剧本奖' }, 'zh-TW': {}, 'en-US': { name: 'Best Script' } });
    await add(1, { 'zh-CN': { name: '金奖' }, 'zh-TW': { name: '' }, 'en-US': { name: 'Gold' } });
    const en = await get('/api/awards', 'en-US');
    expect(en.map((a: { name: string }) => a.name)).toEqual(['Gold', 'Best Script']);
    // Public data only: an id and a name, nothing the console keeps besides.
    expect(Object.keys(en[0]).sort()).toEqual(['id', 'name']);
    expect((await get('/api/awards', 'zh-CN')).map((a: { name: string }) => a.name)).toEqual(['金奖', '最佳剧本奖']);
    expect((await get('/api/awards', 'zh-TW')).map((a: { name: string }) => a.name)).toEqual(['金獎', '最佳劇本獎']);
  });
});
