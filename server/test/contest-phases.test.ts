import { describe, expect, it } from 'vitest';
import { instantOf, wallClockOf } from '../../common/contest-time';
import { createTestJuror, createTestUser, DIALECTS, newEntrant, openSubmissions, type SubmittedEntry, submitEntry, useTestApp } from './factories';

/**
 * The contest calendar from an empty install: the organiser saves one phase at a time through the console
 * API, in the contest's zone (CONTEST_TIMEZONE) whatever zone the caller is in; colliding phases are saved and
 * reported. Then the gates the calendar drives: the gallery before voting (hidden unless the organiser says
 * so), jurors' scores outside the judging phase, results published while voting is open. Every phase is set
 * relative to now, never to a fixed date.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe.each(DIALECTS)('contest phases on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false, contestTimezone: 'Asia/Shanghai' }, { timeout: 180_000 });
  const state = {} as { admin: string; entry: SubmittedEntry; juror: string; criterion: number };

  const call = async (method: string, url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { 'x-locale': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const okData = async (method: string, url: string, token?: string, payload?: unknown) => {
    const res = await call(method, url, token, payload);
    expect(res.body.code, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(0);
    return res.body.data;
  };
  const setPhase = (phase: string, start: string, end: string) => okData('PUT', `/api/admin/phases/${phase}`, state.admin, { start, end });

  it('saves one phase at a time in the contest zone, and reports colliding phases without refusing them', async () => {
    state.admin = (await createTestUser(t.ctx, { role: 'admin' })).token;
    const empty = await okData('GET', '/api/admin/phases', state.admin);
    expect(empty.timeZone).toBe('Asia/Shanghai');
    expect(empty.zoneLabel).toBe('Asia/Shanghai (UTC+8)');
    expect(empty.phases.every((p: { start: string | null }) => p.start === null)).toBe(true);

    // Tomorrow in Beijing, 00:00 to 23:59 of that day, typed as the contest's wall clock.
    const day = wallClockOf(at(DAY), 'Asia/Shanghai').slice(0, 10);
    const saved = await setPhase('submission', `${day}T00:00`, `${day}T23:59`);
    const submission = saved.phases.find((p: { phase: string }) => p.phase === 'submission');
    expect(submission).toMatchObject({ startLocal: `${day}T00:00`, endLocal: `${day}T23:59` });
    // 23:59 in Beijing is 15:59 UTC the same day: eight hours earlier, not the browser's or the server's zone.
    expect(submission.end).toBe(new Date(Date.parse(`${day}T23:59:00Z`) - 8 * HOUR).toISOString());
    expect(saved.phases.filter((p: { start: string | null }) => p.start !== null).map((p: { phase: string }) => p.phase)).toEqual(['submission']);
    // The visitors' answer carries the same instants and the zone to show them in.
    const contest = await okData('GET', '/api/contest');
    expect(contest).toMatchObject({ timeZone: 'Asia/Shanghai', zoneLabel: 'Asia/Shanghai (UTC+8)', phases: [{ phase: 'submission', end: submission.end }] });

    // An instant with its own offset is taken as it is.
    const review = await setPhase('review', instantOf(`${day}T23:00`, 'Asia/Shanghai'), at(3 * DAY));
    expect(review.phases.find((p: { phase: string }) => p.phase === 'review').startLocal).toBe(`${day}T23:00`);
    // Review starting an hour before submission ends: saved, and both sides say they collide.
    expect(review.conflicts).toEqual([{ phase: 'review', with: 'submission', kind: 'overlap' }]);
    expect(review.phases.find((p: { phase: string }) => p.phase === 'submission').conflicts).toEqual(['review']);

    // Voting before review is out of order.
    const voting = await setPhase('voting', at(-2 * DAY), at(-DAY));
    expect(voting.conflicts).toContainEqual({ phase: 'voting', with: 'submission', kind: 'order' });
    expect(voting.conflicts).toContainEqual({ phase: 'voting', with: 'review', kind: 'order' });

    // A phase that ends before it starts is refused, and nothing changes.
    const backwards = await call('PUT', '/api/admin/phases/judging', state.admin, { start: `${day}T12:00`, end: `${day}T11:00` });
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe(6005);
    const wrong = await call('PUT', '/api/admin/phases/judging', state.admin, { start: 'tomorrow', end: `${day}T11:00` });
    expect(wrong.body.code).toBe(1000);
    expect((await okData('GET', '/api/admin/phases', state.admin)).phases.find((p: { phase: string }) => p.phase === 'judging').start).toBeNull();

    // A phase can be unset again; the whole settings form no longer touches the phases.
    const cleared = await okData('DELETE', '/api/admin/phases/voting', state.admin);
    expect(cleared.phases.find((p: { phase: string }) => p.phase === 'voting').start).toBeNull();
    expect(cleared.conflicts).toEqual([{ phase: 'review', with: 'submission', kind: 'overlap' }]);
    const settings = await okData('GET', '/api/admin/settings', state.admin);
    expect(settings).not.toHaveProperty('phases');
    await okData('PUT', '/api/admin/settings', state.admin, { ...settings, organiserEmail: 'org@example.test' });
    expect((await okData('GET', '/api/admin/phases', state.admin)).phases.find((p: { phase: string }) => p.phase === 'submission').endLocal).toBe(
      `${day}T23:59`,
    );
    // Visitors and entrants cannot write phases.
    const entrant = await createTestUser(t.ctx);
    expect((await call('PUT', '/api/admin/phases/voting', entrant.token, { start: at(0), end: at(DAY) })).status).toBe(403);
  });

  it('keeps approved entries out of the gallery until voting opens, unless the organiser shows them earlier', async () => {
    const base = await openSubmissions(t);
    const owner = await newEntrant(t, base);
    state.entry = await submitEntry(owner, { form: { title: 'Before the vote' } });
    await okData('POST', `/api/admin/entries/${state.entry.id}/approve`, state.admin);

    // Voting opens tomorrow: an honest empty gallery that says when it opens, and no public entry page.
    const opens = at(DAY);
    await setPhase('voting', opens, at(3 * DAY));
    const closed = await okData('GET', '/api/gallery');
    expect(closed).toMatchObject({ items: [], total: 0, notYetOpen: true, opensAt: opens });
    const detail = await call('GET', `/api/gallery/entries/${state.entry.id}`);
    expect(detail.status).toBe(404);
    expect(detail.body.code).toBe(4101);
    expect((await t.app.inject({ url: `/en-US/gallery/${state.entry.id}` })).statusCode).toBe(404);
    // The entrant still sees their own entry.
    const mine = await okData('GET', '/api/entries/mine', owner.token);
    expect(JSON.stringify(mine)).toContain('Before the vote');

    // The organiser's switch shows approved entries before voting.
    const settings = await okData('GET', '/api/admin/settings', state.admin);
    expect(settings.galleryBeforeVoting).toBe(false);
    await okData('PUT', '/api/admin/settings', state.admin, { ...settings, galleryBeforeVoting: true });
    const shown = await okData('GET', '/api/gallery');
    expect(shown).toMatchObject({ total: 1, notYetOpen: false, items: [{ id: state.entry.id }] });
    expect((await okData('GET', `/api/gallery/entries/${state.entry.id}`)).title).toBe('Before the vote');

    // Switched off again, the gallery opens with voting: once voting has started it shows.
    await okData('PUT', '/api/admin/settings', state.admin, { ...settings, galleryBeforeVoting: false });
    expect((await okData('GET', '/api/gallery')).notYetOpen).toBe(true);
    await setPhase('voting', at(-HOUR), at(DAY));
    expect(await okData('GET', '/api/gallery')).toMatchObject({ total: 1, notYetOpen: false });
  });

  it('lets jurors score only during the judging phase, and refuses to publish results while voting is open', async () => {
    const juror = await createTestJuror(t.ctx);
    const criteria = await okData('POST', '/api/admin/jury/criteria', state.admin, {
      weight: 100,
      i18n: { 'zh-CN': { name: '故事' }, 'zh-TW': { name: '故事' }, 'en-US': { name: 'Story' } },
    });
    const sheet = { scores: { [String(criteria[0].id)]: 8 }, comment: '' };
    const score = () => call('PUT', `/api/jury/judging/entries/${state.entry.id}/sheet`, juror.token, sheet);

    // No judging phase planned yet, then one that starts tomorrow: refused.
    expect((await score()).body.code).toBe(7116);
    await setPhase('judging', at(DAY), at(2 * DAY));
    const early = await score();
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(7116);
    // Judging open: the sheet is saved.
    await setPhase('judging', at(-HOUR), at(DAY));
    expect((await score()).body.code).toBe(0);

    // Voting is open (the previous test opened it): publishing is refused, nothing is published.
    const publish = await call('POST', '/api/admin/jury/results/publish', state.admin);
    expect(publish.status).toBe(409);
    expect(publish.body.code).toBe(7117);
    expect((await okData('GET', '/api/admin/jury/results', state.admin)).publishedAt ?? null).toBeNull();
    // Voting over: published.
    await setPhase('voting', at(-2 * DAY), at(-HOUR));
    expect((await okData('POST', '/api/admin/jury/results/publish', state.admin)).publishedAt).toBeTruthy();
  });
});
