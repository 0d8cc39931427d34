import { describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, useTestApp } from './factories';

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers and assert on it.
type Json = any;

const HOUR = 3_600_000;
/** A wall-clock time in the contest's zone (Asia/Shanghai, UTC+8), `hours` from now, as the console sends it. */
const shanghai = (hours: number) => new Date(Date.now() + hours * HOUR + 8 * HOUR).toISOString().slice(0, 16);

/**
 * The dashboard's setup checklist, walked from an empty install: everything the organiser sets up through the
 * console turns its item done, and each phase's missing list shrinks with it.
 */
describe.each(DIALECTS)('setup checklist from an empty install on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false, smtpUrl: undefined, publicUrl: 'http://localhost:3000' });

  const session = async () => {
    const { token } = await createTestUser(t.ctx, { role: 'admin' });
    return async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
      expect(res.json().code, res.body).toBe(0);
      return res.json().data as Json;
    };
  };
  const done = (list: Json) => Object.fromEntries(list.items.map((i: Json) => [i.key, i.done]));

  it('lists everything as missing on an empty install, and only organisers may read it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/setup-checklist' })).statusCode).toBe(401);
    const user = await createTestUser(t.ctx, { role: 'user' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/setup-checklist', headers: { authorization: `Bearer ${user.token}` } });
    expect(refused.statusCode).toBe(403);

    const api = await session();
    const list = await api('GET', '/api/admin/setup-checklist');
    // Nothing is set up; only the two checks of what is there (phase order, English texts) have nothing to find.
    expect(Object.entries(done(list)).filter(([, d]) => d)).toEqual([
      ['phase.order', true],
      ['locale.en-US', true],
    ]);
    expect(list.missing.submission).toEqual(['publicUrl', 'smtpUrl', 'identity', 'page.eventDetails', 'phase.submission']);
    expect(list.missing.voting).toEqual([...list.missing.submission, 'phase.voting']);
    expect(list.missing.judging).toEqual([...list.missing.voting, 'phase.judging', 'jury.criteria', 'jury.jurors']);
    expect(list.items.find((i: Json) => i.key === 'identity').link).toBe('/identity');
    expect(list.items.find((i: Json) => i.key === 'smtpUrl').link).toBeNull();
  });

  it('turns items done as the organiser sets the contest up through the console', async () => {
    const api = await session();
    await api('PUT', '/api/admin/identity', {
      i18n: { 'zh-CN': { siteName: '反诈微电影大赛', organiser: '青禾文化' }, 'zh-TW': {}, 'en-US': {} },
    });
    await api('PUT', '/api/admin/pages/eventDetails', {
      i18n: { 'zh-CN': { title: '大赛详情', body: '<p>规则与奖项</p>' }, 'zh-TW': {}, 'en-US': {} },
      extra: {},
    });
    let list = await api('GET', '/api/admin/setup-checklist');
    // Written but not published: visitors still see the empty page.
    expect(done(list)['page.eventDetails']).toBe(false);
    // Chinese texts with no English: the English site would show them in Chinese.
    expect(list.items.find((i: Json) => i.key === 'locale.en-US').detail).toEqual(
      expect.arrayContaining(['identity: siteName', 'identity: organiser', 'page: eventDetails']),
    );

    await api('POST', '/api/admin/pages/eventDetails/publish', { published: true });
    await api('PUT', '/api/admin/phases/submission', { start: shanghai(-1), end: shanghai(48) });
    list = await api('GET', '/api/admin/setup-checklist');
    expect(done(list)).toMatchObject({ identity: true, 'page.eventDetails': true, 'phase.submission': true, 'phase.voting': false });
    expect(list.missing.submission).toEqual(['publicUrl', 'smtpUrl']);

    // A voting phase that starts before submissions end is flagged, with the two phases named.
    await api('PUT', '/api/admin/phases/voting', { start: shanghai(24), end: shanghai(72) });
    list = await api('GET', '/api/admin/setup-checklist');
    const order = list.items.find((i: Json) => i.key === 'phase.order');
    expect(order.done).toBe(false);
    expect(order.detail.join(' ')).toMatch(/voting/);
    expect(list.missing.voting).toEqual(['publicUrl', 'smtpUrl']);

    await api('POST', '/api/admin/jury/criteria', { weight: 100, i18n: { 'zh-CN': { name: '故事' }, 'zh-TW': {}, 'en-US': { name: 'Story' } } });
    await api('POST', '/api/admin/jury/jurors', { email: `juror-${dialect}@jury.test`, locale: 'en-US', group: null, juryMemberId: null });
    list = await api('GET', '/api/admin/setup-checklist');
    expect(done(list)).toMatchObject({ 'jury.criteria': true, 'jury.jurors': true, 'phase.judging': false });
    expect(list.missing.judging).toEqual(['publicUrl', 'smtpUrl', 'phase.judging']);
  });
});

describe.each(DIALECTS)('setup checklist with the server settings made on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false, smtpUrl: 'smtp://127.0.0.1:2525', publicUrl: 'https://contest.example.cn' });

  it('counts a public address and a mail server as done', async () => {
    const { token } = await createTestUser(t.ctx, { role: 'admin' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/setup-checklist', headers: { authorization: `Bearer ${token}` } });
    const items = res.json().data.items as Json[];
    expect(items.filter((i) => ['publicUrl', 'smtpUrl'].includes(i.key)).map((i) => i.done)).toEqual([true, true]);
  });
});
