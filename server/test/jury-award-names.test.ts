import { describe, expect, it } from 'vitest';
import { PHASES_SETTING } from '../../common/settings-keys';
import { readSettings, writeSetting } from '../src/db/repos/settings';
import { createTestUser, DIALECTS, newEntrant, openSubmissions, submitEntry, useMailedApp } from './factories';

/**
 * Award and criterion names an organiser types in Simplified Chinese only reach zh-TW readers in Traditional
 * characters, as news does: the console fills the empty zh-TW name with OpenCC's conversion (and follows later
 * zh-CN edits while it stays the converted one); a zh-TW name the organiser typed is kept. Walked on an empty
 * install: awards named through the console API, given to an entry submitted and approved through the API,
 * published; then the zh-TW results answer, the page's shared head and the entrant's results mail.
 */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(DIALECTS)('award and criterion names in zh-TW on %s', (dialect) => {
  const m = useMailedApp(dialect, { demoContent: false }, { timeout: 180_000 });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object, locale?: string) => {
    const res = await m.t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...(locale ? { 'x-locale': locale } : {}) },
      ...(payload ? { payload } : {}),
    });
    expect(res.json().code, `${method} ${url}: ${res.body}`).toBe(0);
    return res.json().data;
  };

  it('fills the empty zh-TW name by conversion, keeps a typed one, and the zh-TW results, head and mail read Traditional', async () => {
    const admin = await createTestUser(m.t.ctx, { role: 'admin' });

    // Names in zh-CN (and English) only, as an organiser in a hurry types them; the second has its own zh-TW.
    let awards = await call('POST', '/api/admin/jury/awards', admin.token, {
      sort: 1,
      i18n: { 'zh-CN': { name: '金奖' }, 'zh-TW': { name: '' }, 'en-US': { name: 'Gold' } },
    });
    awards = await call('POST', '/api/admin/jury/awards', admin.token, {
      sort: 2,
      i18n: { 'zh-CN': { name: '最佳剧本奖' }, 'zh-TW': {}, 'en-US': { name: 'Best Script' } },
    });
    awards = await call('POST', '/api/admin/jury/awards', admin.token, {
      sort: 3,
      i18n: { 'zh-CN': { name: '银奖' }, 'zh-TW': { name: '銀牌獎' }, 'en-US': {} },
    });
    expect(awards.map((a: { i18n: { 'zh-TW'?: { name?: string } } }) => a.i18n['zh-TW']?.name)).toEqual(['金獎', '最佳劇本獎', '銀牌獎']);

    // A converted name follows a later zh-CN edit; one the organiser typed does not change.
    const [gold, script, silver] = awards.map((a: { id: number }) => a.id) as [number, number, number];
    awards = await call('PUT', `/api/admin/jury/awards/${script}`, admin.token, {
      sort: 2,
      i18n: { 'zh-CN': { name: '最佳编剧奖' }, 'zh-TW': awards[1].i18n['zh-TW'], 'en-US': { name: 'Best Screenplay' } },
    });
    awards = await call('PUT', `/api/admin/jury/awards/${silver}`, admin.token, {
      sort: 3,
      i18n: { 'zh-CN': { name: '银质奖' }, 'zh-TW': { name: '銀牌獎' }, 'en-US': {} },
    });
    expect(awards.map((a: { i18n: { 'zh-TW'?: { name?: string } } }) => a.i18n['zh-TW']?.name)).toEqual(['金獎', '最佳編劇獎', '銀牌獎']);

    // Criteria are named the same way: a juror reading zh-TW sees Traditional.
    const criteria = await call('POST', '/api/admin/jury/criteria', admin.token, {
      weight: 50,
      i18n: { 'zh-CN': { name: '反诈信息传达' }, 'zh-TW': {}, 'en-US': {} },
    });
    expect(criteria[0].i18n['zh-TW'].name).toBe('反詐資訊傳達');

    // An entry made by the product, approved, given the gold award and published after the voting ended.
    const base = await openSubmissions(m.t);
    const entrant = await newEntrant(m.t, base, 'zh-TW');
    const entry = await submitEntry(entrant, { form: { title: '最后一通电话' } });
    await call('POST', `/api/admin/entries/${entry.id}/approve`, admin.token);
    const day = 86_400_000;
    const past = { start: new Date(Date.now() - 3 * day).toISOString(), end: new Date(Date.now() - 2 * day).toISOString() };
    const phases = ((await readSettings(m.t.ctx.db))[PHASES_SETTING] ?? {}) as Record<string, unknown>;
    await writeSetting(m.t.ctx.db, PHASES_SETTING, { ...phases, voting: past, judging: { start: past.end, end: new Date(Date.now() - day).toISOString() } });
    await call('PUT', `/api/admin/jury/entries/${entry.id}/award`, admin.token, { awardId: gold });
    await call('POST', '/api/admin/jury/results/publish', admin.token);

    const winnersIn = async (locale: string) =>
      ((await call('GET', '/api/results', undefined, undefined, locale)) as { groups: { winners: { award: string }[] }[] }).groups.flatMap((g) =>
        g.winners.map((w) => w.award),
      );
    expect(await winnersIn('zh-TW')).toEqual(['金獎']);
    expect(await winnersIn('zh-CN')).toEqual(['金奖']);
    expect(await winnersIn('en-US')).toEqual(['Gold']);
    const head = (await m.t.app.inject({ method: 'GET', url: '/zh-TW/results' })).body;
    expect(head).toMatch(/<meta property="og:description" content="[^"]*金獎/);
    expect(head).not.toContain('金奖');

    // The entrant reads zh-TW: the results mail names the award in Traditional.
    await expect.poll(() => m.sink.to(entrant.email).at(-1)?.subject, { timeout: 30_000 }).toContain('金獎');
  }, 240_000);
});
