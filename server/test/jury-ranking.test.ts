import { describe, expect, it } from 'vitest';
import type { RankingRow, ResultWinner } from '../../common/jury/api-types';
import { PHASES_SETTING, STEP_UP_SETTING } from '../../common/settings-keys';
import { writeSetting } from '../src/db/repos/settings';
import { forgetVotingSettings } from '../src/services/gallery/voting-settings';
import { createTestUser, DIALECTS, type MailedApp, newEntrant, openSubmissions, solvedVote, submitEntry, useMailedApp } from './factories';

/**
 * Issue 16 acceptance, on each database: jurors invited through the console and the mail sink, entries
 * submitted and approved through the API, votes cast through the vote endpoint, fixed scores entered through
 * the judging API; then the ranking's weights, per-juror normalisation, vote share and ties, the lock at the
 * end of the judging phase, and who may read what.
 */
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and compared with expected values
type Data = any;
type Res = { statusCode: number; json: () => { code: number; data: Data; msg: string } };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function client(m: MailedApp) {
  const call = (method: string, url: string, token?: string, payload?: unknown): Promise<Res> =>
    m.t.app.inject({
      method: method as 'GET',
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: m.nextIp(),
    });
  const okData = async (method: string, url: string, token?: string, payload?: unknown) => {
    const res = await call(method, url, token, payload);
    expect(res.json().code, `${method} ${url}: ${JSON.stringify(res.json())}`).toBe(0);
    return res.json().data;
  };
  return { call, okData };
}

const names = (cn: string, en: string) => ({ 'zh-CN': { name: cn }, 'zh-TW': { name: cn }, 'en-US': { name: en } });

describe.each(DIALECTS)('jury ranking on %s', (dialect) => {
  // No demo entries: the ranking's subject is what this test submits.
  const m = useMailedApp(dialect, { demoContent: false }, { timeout: 180_000 });
  const ctx = () => m.t.ctx;

  /** Invites a juror through the console, opens the mailed link, sets a password, signs in. */
  async function inviteAndSignIn(adminToken: string, email: string, group: 'open' | 'student' | null) {
    const { okData, call } = client(m);
    await okData('POST', '/api/admin/jury/jurors', adminToken, { email, locale: 'en-US', group, juryMemberId: null });
    const mail = m.sink.to(email).at(-1);
    expect(mail?.subject).toContain('invited to the jury');
    const link = /https?:\/\/\S+#\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(link, mail?.text).not.toBeNull();
    const token = link?.[1] as string;
    expect((await okData('GET', `/api/jury/invitation?token=${token}`)).email).toBe(email);
    await okData('POST', '/api/jury/invitation', undefined, { token, password: 'Jury-Pass1', confirmPassword: 'Jury-Pass1' });
    // Single use: the same link again is refused.
    expect((await call('POST', '/api/jury/invitation', undefined, { token, password: 'Jury-Pass2', confirmPassword: 'Jury-Pass2' })).json().code).toBe(7106);
    const login = await okData('POST', '/api/auth/login', undefined, { email, password: 'Jury-Pass1' });
    expect(login.user.role).toBe('juror');
    return login.token as string;
  }

  it('ranks on fixed scores: weights, per-juror z-scores, vote share, ties; locks at the phase end; keeps scores private', async () => {
    const { call, okData } = client(m);
    const admin = await createTestUser(ctx(), { role: 'admin' });
    const base = await openSubmissions(m.t);
    // Four open-group entries and one student entry, submitted and approved through the API.
    const entrants = await Promise.all([0, 1, 2, 3, 4].map((i) => newEntrant(m.t, base, i === 4 ? 'zh-CN' : 'en-US')));
    const entries: number[] = [];
    for (const [i, owner] of entrants.entries()) {
      const e = await submitEntry(owner, { form: { title: `Film ${i + 1}`, team: `Team ${i + 1}`, group: i === 4 ? 'student' : 'open' } });
      await okData('POST', `/api/admin/entries/${e.id}/approve`, admin.token);
      entries.push(e.id);
    }
    const [e1, e2, e3, e4, e5] = entries as [number, number, number, number, number];

    // Voting and judging open now; votes through the vote endpoint: E1 three, E3 one.
    const day = 86_400_000;
    const open = { start: new Date(Date.now() - day).toISOString(), end: new Date(Date.now() + day).toISOString() };
    const phases = JSON.parse((await ctx().db.selectFrom('settings').select('value').where('key', '=', PHASES_SETTING).executeTakeFirstOrThrow()).value);
    await writeSetting(ctx().db, PHASES_SETTING, { ...phases, voting: open, judging: open });
    await writeSetting(ctx().db, STEP_UP_SETTING, 0);
    forgetVotingSettings(ctx().db);
    let voter = 0;
    for (const id of [e1, e1, e1, e3]) {
      const cookie = `mfc_voter=${encodeURIComponent(m.t.app.signCookie(`jury-voter-${++voter}`))}`;
      const res = await m.t.app.inject({
        method: 'POST',
        url: `/api/gallery/entries/${id}/vote`,
        headers: { cookie },
        remoteAddress: `198.18.0.${voter}`,
        payload: await solvedVote(m.t, `198.18.0.${voter}`),
      });
      expect(res.json().code, res.body).toBe(0);
    }

    // Criteria: story 40, message 30, craft 30; the jury alone first.
    const criteria: { id: number }[] = [];
    for (const [cn, en, weight] of [
      ['故事', 'Story', 40],
      ['反诈信息', 'Anti-fraud message', 30],
      ['制作', 'Craft', 30],
    ] as const) {
      criteria.splice(0, criteria.length, ...(await okData('POST', '/api/admin/jury/criteria', admin.token, { weight, i18n: names(cn, en) })));
    }
    const [story, message, craft] = criteria.map((c) => String(c.id)) as [string, string, string];
    const sheet = (s: number, me: number, c: number, comment = '') => ({ scores: { [story]: s, [message]: me, [craft]: c }, comment });
    await okData('PUT', '/api/admin/jury/settings', admin.token, { blind: true, juryWeight: 100, publicWeight: 0 });

    const generous = await inviteAndSignIn(admin.token, `generous-${dialect}@jury.test`, 'open');
    const harsh = await inviteAndSignIn(admin.token, `harsh-${dialect}@jury.test`, null);
    const student = await inviteAndSignIn(admin.token, `student-${dialect}@jury.test`, 'student');

    // The generous juror: unweighted E1 (8.33) beats E2 (8.0), weighted E2 (8.2) beats E1 (8.0).
    await okData('PUT', `/api/jury/judging/entries/${e1}/sheet`, generous, sheet(5, 10, 10, 'Strong ending, weak story'));
    await okData('PUT', `/api/jury/judging/entries/${e2}/sheet`, generous, sheet(10, 7, 7));
    // The harsh juror scores low; their order (E3 over E4) is what counts. A sheet on E1, then recusal: it must not count.
    await okData('PUT', `/api/jury/judging/entries/${e3}/sheet`, harsh, sheet(5, 5, 5));
    await okData('PUT', `/api/jury/judging/entries/${e4}/sheet`, harsh, sheet(2, 2, 2));
    await okData('PUT', `/api/jury/judging/entries/${e1}/sheet`, harsh, sheet(1, 1, 1));
    const recused = await okData('PUT', `/api/jury/judging/entries/${e1}/recusal`, harsh, { recused: true });
    expect(recused).toMatchObject({ recused: true, state: 'recused', scores: {} });
    expect((await call('PUT', `/api/jury/judging/entries/${e1}/sheet`, harsh, sheet(9, 9, 9))).json().code).toBe(7103);
    // Incomplete or out-of-range sheets are refused and write nothing.
    expect((await call('PUT', `/api/jury/judging/entries/${e3}/sheet`, harsh, { scores: { [story]: 9 } })).json().code).toBe(7104);
    expect((await call('PUT', `/api/jury/judging/entries/${e3}/sheet`, harsh, sheet(11, 5, 5))).json().code).toBe(7104);
    expect((await okData('GET', `/api/jury/judging/entries/${e3}`, harsh)).scores).toEqual({ [story]: 5, [message]: 5, [craft]: 5 });

    // Progress: the juror's own, and everyone's for the organiser.
    expect((await okData('GET', '/api/jury/judging', generous)).progress).toEqual({ assigned: 4, scored: 2, recused: 0 });
    expect((await okData('GET', '/api/jury/judging', harsh)).progress).toEqual({ assigned: 5, scored: 2, recused: 1 });
    const jurors = await okData('GET', '/api/admin/jury/jurors', admin.token);
    expect(jurors.map((j: { email: string; progress: unknown }) => [j.email, j.progress])).toEqual([
      [`generous-${dialect}@jury.test`, { assigned: 4, scored: 2, recused: 0 }],
      [`harsh-${dialect}@jury.test`, { assigned: 5, scored: 2, recused: 1 }],
      [`student-${dialect}@jury.test`, { assigned: 1, scored: 0, recused: 0 }],
    ]);

    // Jury only: z-scores put the harsh juror's favourite (raw 5.0) level with the generous juror's (raw 8.2).
    const juryOnly = await okData('GET', '/api/admin/jury/ranking?group=open', admin.token);
    const pick = (rows: RankingRow[]) => rows.map((r) => ({ id: r.entryId, rank: r.rank, tied: r.tied, avg: r.juryAverage, jury: r.jury, final: r.final }));
    expect(pick(juryOnly.rows)).toEqual([
      { id: e2, rank: 1, tied: true, avg: expect.closeTo(8.2, 9), jury: 100, final: 100 },
      { id: e3, rank: 1, tied: true, avg: 5, jury: 100, final: 100 },
      { id: e1, rank: 3, tied: true, avg: expect.closeTo(8.0, 9), jury: 0, final: 0 },
      { id: e4, rank: 3, tied: true, avg: 2, jury: 0, final: 0 },
    ]);

    // 70/30 with the public vote: E1 has 3 of 4 votes (share 0.75, public 100), E3 one (0.25, public 33.3).
    await okData('PUT', '/api/admin/jury/settings', admin.token, { blind: true, juryWeight: 70, publicWeight: 30 });
    const combined = await okData('GET', '/api/admin/jury/ranking?group=open', admin.token);
    expect(combined.rows.map((r: RankingRow) => [r.entryId, r.rank, r.tied, r.votes, r.voteShare, Number(r.final.toFixed(6))])).toEqual([
      [e3, 1, false, 1, 0.25, 80],
      [e2, 2, false, 0, 0, 70],
      [e1, 3, false, 3, 0.75, 30],
      [e4, 4, false, 0, 0, 0],
    ]);
    expect((await call('PUT', '/api/admin/jury/settings', admin.token, { blind: true, juryWeight: 70, publicWeight: 20 })).json().code).toBe(7110);

    // Privacy: blind judging hides the team; a juror never sees vote counts, other jurors' scores or unassigned entries.
    const seen = await okData('GET', `/api/jury/judging/entries/${e1}`, generous);
    expect(seen).toMatchObject({ team: null, teamLogoUrl: null, scores: { [story]: 5 }, comment: 'Strong ending, weak story' });
    const list = await call('GET', '/api/jury/judging/entries', generous);
    expect(list.json().data.map((e: { id: number }) => e.id)).toEqual([e1, e2, e3, e4]);
    expect(JSON.stringify(list.json()) + JSON.stringify(seen)).not.toMatch(/vote/i);
    expect((await okData('GET', `/api/jury/judging/entries/${e3}`, generous)).scores).toEqual({}); // the harsh juror's 5s stay theirs
    expect((await call('GET', `/api/jury/judging/entries/${e1}`, student)).json().code).toBe(7102);
    expect((await call('GET', `/api/jury/judging/entries/${e5}`, generous)).json().code).toBe(7102);
    expect((await okData('GET', `/api/jury/judging/entries/${e5}`, student)).title).toBe('Film 5');
    for (const url of ['/api/admin/votes/totals', '/api/admin/jury/ranking?group=open', '/api/admin/jury/exports/scores.csv', `/api/admin/entries/${e1}`]) {
      expect((await call('GET', url, generous)).statusCode, url).toBe(403);
    }
    // An entrant and a visitor cannot read scores.
    const entrant = entrants[0]?.token as string;
    for (const token of [entrant, undefined]) {
      for (const url of [`/api/jury/judging/entries/${e1}`, '/api/admin/jury/exports/scores.csv', '/api/admin/jury/ranking?group=open']) {
        const res = await call('GET', url, token);
        expect(res.statusCode, `${token ? 'entrant' : 'visitor'} ${url}`).toBe(token ? 403 : 401);
      }
    }
    const gallery = await call('GET', `/api/gallery/entries/${e1}`);
    expect(gallery.statusCode).toBe(200);
    expect(JSON.stringify(gallery.json())).not.toMatch(/score|Strong ending/i);

    // The score sheet export: juror x entry x criterion with comments, Excel-safe.
    const csv = await call('GET', '/api/admin/jury/exports/scores.csv', admin.token);
    const rows = (csv as unknown as { body: string }).body;
    expect(rows.startsWith('\uFEFF')).toBe(true);
    expect(rows.split('\r\n').filter(Boolean)).toHaveLength(1 + 4 * 3); // the recused sheet is gone
    expect(rows).toContain('"Strong ending, weak story"');

    // The judging phase ends: every write is refused, the sheets stay as they were.
    await writeSetting(ctx().db, PHASES_SETTING, {
      ...phases,
      voting: open,
      judging: { start: '2020-01-01T00:00:00.000Z', end: '2020-02-01T00:00:00.000Z' },
    });
    expect((await call('PUT', `/api/jury/judging/entries/${e2}/sheet`, generous, sheet(1, 1, 1))).json().code).toBe(7101);
    expect((await call('PUT', `/api/jury/judging/entries/${e3}/recusal`, harsh, { recused: true })).json().code).toBe(7101);
    expect(await okData('GET', `/api/jury/judging/entries/${e2}`, generous)).toMatchObject({ locked: true, scores: { [story]: 10, [message]: 7, [craft]: 7 } });
    expect((await okData('GET', '/api/jury/judging', generous)).locked).toBe(true);
    const after = await okData('GET', '/api/admin/jury/ranking?group=open', admin.token);
    expect(after.rows.map((r: RankingRow) => r.entryId)).toEqual([e3, e2, e1, e4]);

    // Awards named in three locales, assigned, then published: the public page and the entrants' mails.
    let awards = await okData('POST', '/api/admin/jury/awards', admin.token, { sort: 1, i18n: names('金奖', 'Gold') });
    awards = await okData('POST', '/api/admin/jury/awards', admin.token, {
      sort: 2,
      i18n: { 'zh-CN': { name: '银奖' }, 'zh-TW': { name: '銀獎' }, 'en-US': { name: 'Silver' } },
    });
    const [gold, silver] = awards.map((a: { id: number }) => a.id);
    await okData('PUT', `/api/admin/jury/entries/${e3}/award`, admin.token, { awardId: gold });
    await okData('PUT', `/api/admin/jury/entries/${e2}/award`, admin.token, { awardId: silver });
    expect((await call('PUT', '/api/admin/jury/entries/999999/award', admin.token, { awardId: gold })).json().code).toBe(7112);
    expect((await okData('GET', '/api/admin/jury/ranking?group=open', admin.token)).rows[0].award).toEqual({ id: gold, name: expect.any(String) });
    expect(await okData('GET', '/api/results')).toBeNull();
    expect(await okData('GET', '/api/results/status')).toEqual({ published: false });

    const head = async () => (await m.t.app.inject({ method: 'GET', url: '/en-US/results' })).body;
    expect(await head()).toContain('<meta name="description" content="The winners will be announced here when judging ends.">');

    // Results wait for the end of voting (7117 while it is open).
    expect((await call('POST', '/api/admin/jury/results/publish', admin.token)).json().code).toBe(7117);
    await writeSetting(ctx().db, PHASES_SETTING, {
      ...phases,
      voting: { start: new Date(Date.now() - 2 * day).toISOString(), end: new Date(Date.now() - 60_000).toISOString() },
      judging: { start: new Date(Date.now() - 2 * day).toISOString(), end: new Date(Date.now() - 60_000).toISOString() },
    });

    const mailsBefore = m.sink.messages.length;
    // A double click on "Publish": two publishes at once, each entrant still mailed once.
    const both = await Promise.all([0, 1].map(() => okData('POST', '/api/admin/jury/results/publish', admin.token)));
    expect(both.map((s) => s.publishedAt)).toEqual([expect.any(String), expect.any(String)]);
    // The mails go out in the background (results-mailing.test.ts): the console follows them.
    await expect.poll(() => okData('GET', '/api/admin/jury/results', admin.token), { timeout: 30_000 }).toMatchObject({ mailed: 5, toMail: 0 });
    expect(m.sink.messages.length - mailsBefore).toBe(5);
    expect(new Set(m.sink.messages.slice(mailsBefore).map((msg) => msg.to.join(','))).size).toBe(5);
    const mailOf = (i: number) => m.sink.to(entrants[i]?.email as string).at(-1);
    expect(mailOf(2)?.subject).toContain('“Film 3” won Gold');
    expect(mailOf(2)?.text).toContain('http://contest.test/en-US/results');
    expect(mailOf(1)?.subject).toContain('won Silver');
    expect(mailOf(0)?.subject).toContain('the results are out');
    expect(mailOf(0)?.text).toContain('did not win an award this time');
    expect(mailOf(4)?.subject).toContain('评选结果已公布'); // the student entrant reads Chinese
    const results = (await m.t.app.inject({ method: 'GET', url: '/api/results', headers: { 'x-locale': 'en-US' } })).json().data;
    expect(results.groups.find((g: { group: string }) => g.group === 'open').winners.map((w: ResultWinner) => [w.entryId, w.award, w.rank])).toEqual([
      [e3, 'Gold', 1],
      [e2, 'Silver', 2],
    ]);
    const zh = (await m.t.app.inject({ method: 'GET', url: '/api/results', headers: { 'x-locale': 'zh-TW' } })).json().data;
    expect(zh.groups[0].winners.map((w: { award: string }) => w.award)).toEqual(['金奖', '銀獎']);
    expect(await okData('GET', '/api/results/status')).toEqual({ published: true });
    // The page's server-rendered head names the winners for a shared link, with the gold winner's cover.
    const shared = await head();
    expect(shared).toContain('<meta property="og:title" content="Results">');
    expect(shared).toMatch(/<meta property="og:description" content="[^"]*Gold《Film 3》, Silver《Film 2》/);
    expect(shared).toMatch(/<meta property="og:image" content="http:\/\/contest.test\/media\/[^"]+"/);
    // Publishing again does not mail anyone twice.
    expect(await okData('POST', '/api/admin/jury/results/publish', admin.token)).toMatchObject({ mailed: 5, toMail: 0 });
    expect(m.sink.messages.length - mailsBefore).toBe(5);

    const ranking = (
      await m.t.app.inject({ method: 'GET', url: '/api/admin/jury/exports/ranking.csv', headers: { ...bearer(admin.token), 'x-locale': 'zh-CN' } })
    ).body;
    expect(ranking.startsWith('\uFEFF"组别"')).toBe(true);
    expect(ranking).toContain(`"1","","${e3}"`);
    expect(ranking).toContain('"金奖"');
  }, 240_000);
});
