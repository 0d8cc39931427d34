import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleAccess } from '../../common/console/staff';
import { authPlugin } from '../src/plugins/auth';
import { clientAddressPlugin } from '../src/plugins/client-address';
import { errorHandlerPlugin } from '../src/plugins/error-handler';
import { localePlugin } from '../src/plugins/locale';
import { CONSOLE_ROUTE_ACCESS, guardConsoleRoutes } from '../src/routes/console/access';
import { CONSOLE_API_ROUTES } from '../src/routes/console/index';
import { applyRetention } from '../src/services/privacy/retention';
import { createOrPromoteAdmin } from '../src/services/staff/admins';
import { DIALECTS, linkIn, newEntrant, openSubmissions, publishedNews, registerBody, submitEntry, useMailedApp } from './factories';

/**
 * Staff roles: every console route x {anonymous, user, juror, reviewer, editor, organiser} against the table
 * below, written by hand (a new route fails here until someone decides who it is for); the audit log of
 * console writes. Every account is made the product's way: the first organiser with the admin CLI's service,
 * the others registered and verified through the API and given their role in the console, the juror invited.
 */
const O = 'organiser';
const C = 'content';
const R = 'review';
const EXPECTED: Record<string, ConsoleAccess> = {
  'DELETE /api/admin/content/:kind/:id': C,
  'DELETE /api/admin/entry-fields/:id': O,
  'DELETE /api/admin/entry-groups/:key': O,
  'DELETE /api/admin/jury/awards/:id': O,
  'DELETE /api/admin/jury/criteria/:id': O,
  'DELETE /api/admin/mail-templates/:kind': O,
  'DELETE /api/admin/media-library/:id': C,
  'DELETE /api/admin/phases/:phase': O,
  'GET /api/admin/audit': O,
  'GET /api/admin/content/:kind': C,
  'GET /api/admin/content/:kind/:id': C,
  'GET /api/admin/dashboard': O,
  'GET /api/admin/entries': R,
  'GET /api/admin/entries/:id': R,
  'GET /api/admin/entries/:id/files': R,
  'GET /api/admin/entries/:id/files/:file': R,
  'GET /api/admin/entry-form': O,
  'GET /api/admin/erasures': O,
  'GET /api/admin/exhibition-video/:id': C,
  'GET /api/admin/exports/audit.csv': O,
  'GET /api/admin/exports/contacts.csv': O,
  'GET /api/admin/exports/entries.csv': R,
  'GET /api/admin/exports/votes.csv': O,
  'GET /api/admin/identity': O,
  'GET /api/admin/inbox/:kind': O,
  'GET /api/admin/jury/awards': O,
  'GET /api/admin/jury/criteria': O,
  'GET /api/admin/jury/exports/ranking.csv': O,
  'GET /api/admin/jury/exports/scores.csv': O,
  'GET /api/admin/jury/jurors': O,
  'GET /api/admin/jury/ranking': O,
  'GET /api/admin/jury/results': O,
  'GET /api/admin/jury/settings': O,
  'GET /api/admin/mail-templates': O,
  'GET /api/admin/mail-templates/:kind': O,
  'GET /api/admin/notices': C,
  'GET /api/admin/media-library': C,
  'GET /api/admin/pages': C,
  'GET /api/admin/pages/:slug': C,
  'GET /api/admin/phases': O,
  'GET /api/admin/settings': O,
  'GET /api/admin/setup-checklist': O,
  'GET /api/admin/users': O,
  'GET /api/admin/votes/actions': O,
  'GET /api/admin/votes/audit': O,
  'GET /api/admin/votes/fraud-index': O,
  'GET /api/admin/votes/suspicious': O,
  'GET /api/admin/votes/timeline': O,
  'GET /api/admin/votes/totals': O,
  'GET /api/admin/votes/transparency': O,
  'POST /api/admin/content/:kind': C,
  'POST /api/admin/entries/:id/approve': R,
  'POST /api/admin/entries/:id/award': O,
  'POST /api/admin/entries/:id/files/:file/link': R,
  'POST /api/admin/entries/:id/reject': R,
  'POST /api/admin/entries/:id/request-changes': R,
  'POST /api/admin/entries/bulk': R,
  'POST /api/admin/entry-fields': O,
  'POST /api/admin/inbox/:kind/:id/handled': O,
  'POST /api/admin/inbox/contact/:id/reply': O,
  'POST /api/admin/jury/awards': O,
  'POST /api/admin/jury/criteria': O,
  'POST /api/admin/jury/jurors': O,
  'POST /api/admin/jury/results/publish': O,
  'POST /api/admin/jury/results/unpublish': O,
  'POST /api/admin/mail-templates/:kind/preview': O,
  'POST /api/admin/mail-templates/:kind/test': O,
  'POST /api/admin/notices/announcements': C,
  'POST /api/admin/notices/failures/retry': C,
  'POST /api/admin/media-library': C,
  'POST /api/admin/news/:id/publish': C,
  'POST /api/admin/pages/:slug/publish': C,
  'POST /api/admin/preview': C,
  'POST /api/admin/templates/:id/file': C,
  'POST /api/admin/uploads/image': C,
  'POST /api/admin/users/:id/disable': O,
  'POST /api/admin/users/:id/erase': O,
  'POST /api/admin/users/:id/role': O,
  'POST /api/admin/votes/:id/void': O,
  'POST /api/admin/votes/restore': O,
  'POST /api/admin/votes/rule/preview': O,
  'POST /api/admin/votes/rule/void': O,
  'PUT /api/admin/content/:kind/:id': C,
  'PUT /api/admin/entry-fields-order': O,
  'PUT /api/admin/entry-fields/:id': O,
  'PUT /api/admin/entry-groups-order': O,
  'PUT /api/admin/entry-groups/:key': O,
  'PUT /api/admin/identity': O,
  'PUT /api/admin/jury/awards/:id': O,
  'PUT /api/admin/jury/criteria/:id': O,
  'PUT /api/admin/jury/entries/:id/award': O,
  'PUT /api/admin/jury/jurors/:id': O,
  'PUT /api/admin/jury/settings': O,
  'PUT /api/admin/mail-templates/:kind': O,
  'PUT /api/admin/notices/reminders': O,
  'PUT /api/admin/pages/:slug': C,
  'PUT /api/admin/phases/:phase': O,
  'PUT /api/admin/settings': O,
  'PUT /api/admin/votes/transparency': O,
};

/** Which staff role each access opens; the organiser opens everything. */
const OPENS: Record<ConsoleAccess, readonly Person[]> = { organiser: ['organiser'], content: ['organiser', 'editor'], review: ['organiser', 'reviewer'] };

type Person = 'organiser' | 'editor' | 'reviewer' | 'juror' | 'user';
type Account = { id: number; email: string; token: string };
const PASSWORD = 'Staff-Pass1';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(DIALECTS)('staff roles on %s', (dialect) => {
  const m = useMailedApp(dialect, { demoContent: false });
  const staff = {} as Record<Person, Account>;

  const login = async (email: string): Promise<Account> => {
    const res = await m.post('/api/auth/login', { email, password: PASSWORD });
    expect(res.json().code, res.body).toBe(0);
    const token = res.json().data.token as string;
    const me = await m.t.app.inject({ method: 'GET', url: '/api/currentUser', headers: bearer(token) });
    return { id: me.json().data.id, email, token };
  };
  /** Register -> the verification mail's link -> sign in, as a visitor does. */
  const register = async (email: string): Promise<Account> => {
    const res = await m.post('/api/auth/register', await registerBody(m.t, { email, password: PASSWORD, confirmPassword: PASSWORD }));
    expect(res.statusCode, res.body).toBe(201);
    const link = new URL(linkIn(m.sink.to(email).at(-1)));
    await m.t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    return login(email);
  };
  const send = (who: Account | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    m.t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });
  const giveRole = async (to: Account, role: string) => {
    const res = await send(staff.organiser, 'POST', `/api/admin/users/${to.id}/role`, { role });
    expect(res.json().code, res.body).toBe(0);
  };
  const auditLines = async (query: string) => (await send(staff.organiser, 'GET', `/api/admin/audit?${query}`)).json().data;

  beforeAll(async () => {
    const organiserEmail = `boss-${dialect}@organiser.test`;
    await createOrPromoteAdmin(m.t.ctx.db, organiserEmail, PASSWORD);
    staff.organiser = await login(organiserEmail);
    staff.editor = await register(`editor-${dialect}@staff.test`);
    staff.reviewer = await register(`reviewer-${dialect}@staff.test`);
    staff.user = await register(`visitor-${dialect}@example.test`);
    await giveRole(staff.editor, 'editor');
    await giveRole(staff.reviewer, 'reviewer');
    // The juror through the jury invitation and its link.
    const jurorEmail = `juror-${dialect}@jury.test`;
    const invited = await send(staff.organiser, 'POST', '/api/admin/jury/jurors', { email: jurorEmail, locale: 'en-US', group: null, juryMemberId: null });
    expect(invited.json().code, invited.body).toBe(0);
    const token = /#\/invite\?token=([A-Za-z0-9_-]+)/.exec(m.sink.to(jurorEmail).at(-1)?.text ?? '')?.[1];
    const accepted = await m.post('/api/jury/invitation', { token, password: PASSWORD, confirmPassword: PASSWORD });
    expect(accepted.json().code, accepted.body).toBe(0);
    staff.juror = await login(jurorEmail);
  }, 60_000);

  it('tells the console each person’s role', async () => {
    for (const [person, role] of [
      ['organiser', 'admin'],
      ['editor', 'editor'],
      ['reviewer', 'reviewer'],
      ['juror', 'juror'],
      ['user', 'user'],
    ] as const) {
      const me = await send(staff[person], 'GET', '/api/currentUser');
      expect(me.json().data.role, person).toBe(role);
    }
  });

  it('refuses or lets through every console route for every role as the table says', async () => {
    const routes = [...CONSOLE_API_ROUTES].sort();
    // A route nobody has placed in the table (or a table row whose route is gone) fails here first.
    expect(routes).toEqual(Object.keys(EXPECTED).sort());
    expect(Object.fromEntries(routes.map((r) => [r, CONSOLE_ROUTE_ACCESS.get(r)]))).toEqual(EXPECTED);

    const fill = (url: string) =>
      url
        .replace(':kind', 'news')
        .replace(':slug', 'aboutUs')
        .replace(':file', 'empower')
        .replace(':phase', 'voting')
        .replace(':key', 'open')
        .replace(':id', '999999');
    const wrong: string[] = [];
    let tried = 0;
    for (const route of routes) {
      const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const opens = OPENS[EXPECTED[route] as ConsoleAccess];
      for (const person of ['anonymous', 'user', 'juror', 'reviewer', 'editor', 'organiser'] as const) {
        const res = await send(person === 'anonymous' ? undefined : staff[person], method, fill(url), method === 'GET' || method === 'DELETE' ? undefined : {});
        tried++;
        const allowed = person !== 'anonymous' && opens.includes(person);
        const refusal = person === 'anonymous' ? [401, 1009] : [403, 1010];
        if (allowed ? res.statusCode === 401 || res.statusCode === 403 : res.statusCode !== refusal[0] || res.json().code !== refusal[1]) {
          wrong.push(`${person} ${route} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    console.log(`[staff roles ${dialect}] routes: ${routes.length}, route x role checks: ${tried}, wrong: ${wrong.length}`);
    expect(wrong).toEqual([]);
    expect(tried).toBe(routes.length * 6);
  });

  it('keeps the settings before and after a change in the audit log, and nothing for a refused one', async () => {
    const before = (await send(staff.organiser, 'GET', '/api/admin/settings')).json().data;
    const rule = before.votingRule === 'perContest' ? 'perEntry' : 'perContest';
    // An empty install has no organiser address yet; the form asks for one.
    const saved = await send(staff.organiser, 'PUT', '/api/admin/settings', { ...before, organiserEmail: 'office@organiser.test', votingRule: rule });
    expect(saved.json().code, saved.body).toBe(0);
    const refused = await send(staff.organiser, 'PUT', '/api/admin/settings', { ...before, votingRule: 'everyMinute' });
    expect(refused.statusCode).toBe(400);

    const log = await auditLines(`action=${encodeURIComponent('PUT /api/admin/settings')}`);
    expect(log.total).toBe(1);
    const line = log.items[0];
    expect(line).toMatchObject({ actorId: staff.organiser.id, actorEmail: staff.organiser.email, action: 'PUT /api/admin/settings', target: null });
    expect(line.before.votingRule).toBe(before.votingRule);
    expect(line.after.votingRule).toBe(rule);
    expect(line.ip).toBeTruthy();

    // The identity: the name before (empty install: none) and after, in the same line.
    const identity = (await send(staff.organiser, 'GET', '/api/admin/identity')).json().data;
    const { updatedAt: _, ...body } = identity;
    body.i18n['zh-CN'].siteName = '反诈微电影大赛';
    const named = await send(staff.organiser, 'PUT', '/api/admin/identity', body);
    expect(named.json().code, named.body).toBe(0);
    const idLog = await auditLines(`action=${encodeURIComponent('PUT /api/admin/identity')}`);
    expect(idLog.items).toHaveLength(1);
    expect(idLog.items[0].before.i18n['zh-CN'].siteName).toBe('');
    expect(idLog.items[0].after.i18n['zh-CN'].siteName).toBe('反诈微电影大赛');

    // The role changes made in beforeAll, with both roles; and the CSV has the settings line.
    const roles = await auditLines(`action=${encodeURIComponent('POST /api/admin/users/:id/role')}&who=boss`);
    expect(
      roles.items
        .map((i: { after: { email: string; role: string } }) => i.after)
        .sort((a: { role: string }, b: { role: string }) => a.role.localeCompare(b.role)),
    ).toEqual([
      { email: staff.editor.email, role: 'editor' },
      { email: staff.reviewer.email, role: 'reviewer' },
    ]);
    expect(roles.items[0].before.role).toBe('user');
    const csv = await send(staff.organiser, 'GET', `/api/admin/exports/audit.csv?action=${encodeURIComponent('PUT /api/admin/settings')}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('PUT /api/admin/settings');
    expect(csv.body).toContain(staff.organiser.email);
    expect(csv.body).toContain(`""votingRule"":""${rule}""`);
  });

  it('cuts the addresses in the audit log with the other addresses once the retention period has passed', async () => {
    expect((await auditLines('pageSize=100')).items.some((i: { ip: string | null }) => i.ip && !i.ip.includes('/'))).toBe(true);
    await applyRetention(m.t.ctx, Date.now() + 400 * 86_400_000);
    const lines = (await auditLines('pageSize=100')).items.filter((i: { ip: string | null }) => i.ip !== null);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((i: { ip: string }) => !i.ip.includes('/'))).toEqual([]);
  });

  it('lets an editor post news that the public site shows, but not touch the voting settings or roles', async () => {
    const title = `Editor news ${dialect}`;
    const posted = await send(staff.editor, 'POST', '/api/admin/content/news', publishedNews(title, `编辑新闻 ${dialect}`));
    expect(posted.json().code, posted.body).toBe(0);
    const news = await m.t.app.inject({ method: 'GET', url: '/api/news', headers: { 'x-locale': 'en-US' } });
    expect(JSON.stringify(news.json().data)).toContain(title);

    for (const [method, url, body] of [
      ['GET', '/api/admin/settings', undefined],
      ['PUT', '/api/admin/settings', { votingRule: 'perEntry' }],
      ['POST', `/api/admin/users/${staff.user.id}/role`, { role: 'editor' }],
      ['POST', `/api/admin/users/${staff.editor.id}/role`, { role: 'admin' }],
    ] as const) {
      const res = await send(staff.editor, method, url, body);
      expect([res.statusCode, res.json().code], url).toEqual([403, 1010]);
    }
    const me = await send(staff.user, 'GET', '/api/currentUser');
    expect(me.json().data.role).toBe('user');

    const log = await auditLines(`who=${encodeURIComponent(staff.editor.email)}`);
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ action: 'POST /api/admin/content/:kind', target: 'kind=news', actorEmail: staff.editor.email });
  });

  it('lets a reviewer approve an entry and fetch its film, but not award it or change settings', async () => {
    // The empty install's first group, made by the organiser, and an entry submitted through the API.
    const group = await send(staff.organiser, 'PUT', '/api/admin/entry-groups/open', {
      name: { 'zh-CN': '公开组', 'en-US': 'Open' },
      film: { maxSeconds: null, orientations: ['landscape', 'portrait'], minShortSide: null },
    });
    expect(group.json().code, group.body).toBe(0);
    const owner = await newEntrant(m.t, await openSubmissions(m.t), 'en-US');
    const entry = await submitEntry(owner, { form: { title: `Reviewed ${dialect}` } });
    const approved = await send(staff.reviewer, 'POST', `/api/admin/entries/${entry.id}/approve`);
    expect(approved.json().code, approved.body).toBe(0);
    expect(approved.json().data.status).toBe('approved');
    const link = await send(staff.reviewer, 'POST', `/api/admin/entries/${entry.id}/files/empower/link`);
    expect(link.json().code, link.body).toBe(0);
    const file = await m.t.app.inject({ method: 'GET', url: new URL(link.json().data.url, 'http://contest.test').pathname });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(entry.files.empower?.data as Buffer)).toBe(true);

    for (const [method, url, body] of [
      ['POST', `/api/admin/entries/${entry.id}/award`, { award: 'winner' }],
      ['POST', '/api/admin/entries/bulk', { action: 'award', ids: [entry.id], award: 'winner' }],
      ['PUT', '/api/admin/settings', {}],
      ['POST', '/api/admin/content/news', publishedNews('No', '不')],
    ] as const) {
      const res = await send(staff.reviewer, method, url, body);
      expect([res.statusCode, res.json().code], url).toEqual([403, 1010]);
    }
    const detail = await send(staff.organiser, 'GET', `/api/admin/entries/${entry.id}`);
    expect(detail.json().data.award).toBeNull();

    // The approval is in the log once, from the entry's own review history; the signed link says who fetched the film.
    const log = await auditLines(`who=${encodeURIComponent(staff.reviewer.email)}`);
    expect(log.items.map((i: { action: string; target: string }) => [i.action, i.target]).sort()).toEqual([
      ['POST /api/admin/entries/:id/files/:file/link', `id=${entry.id} file=empower`],
      ['entry.approve', `entry=${entry.id}`],
    ]);
  });

  it('never leaves the console without an enabled organiser', async () => {
    // The only organiser cannot demote or disable themselves.
    for (const [url, body] of [
      [`/api/admin/users/${staff.organiser.id}/role`, { role: 'editor' }],
      [`/api/admin/users/${staff.organiser.id}/disable`, { disabled: true }],
    ] as const) {
      const res = await send(staff.organiser, 'POST', url, body);
      expect(res.json().code, url).toBe(6003);
    }
    // A juror's role belongs to the jury invitation.
    const juror = await send(staff.organiser, 'POST', `/api/admin/users/${staff.juror.id}/role`, { role: 'editor' });
    expect(juror.json().code).toBe(6074);

    // Two organisers demoting each other at the same moment: one wins, the other is refused.
    const second = await register(`second-${dialect}@organiser.test`);
    await giveRole(second, 'admin');
    const [a, b] = await Promise.all([
      send(staff.organiser, 'POST', `/api/admin/users/${second.id}/role`, { role: 'user' }),
      send(second, 'POST', `/api/admin/users/${staff.organiser.id}/role`, { role: 'user' }),
    ]);
    const codes = [a.json().code, b.json().code].sort();
    expect(codes[0]).toBe(0);
    expect([6073, 1010]).toContain(codes[1]);
    const users = (await send(a.json().code === 0 ? staff.organiser : second, 'GET', '/api/admin/users?role=admin')).json().data;
    expect(users.items.filter((u: { disabledAt: string | null }) => u.disabledAt === null)).toHaveLength(1);
    // Put the first organiser back for any later test (the winner does it when it was the second).
    if (a.json().code !== 0) await send(second, 'POST', `/api/admin/users/${staff.organiser.id}/role`, { role: 'admin' });
  });

  it('keeps a console route that declares nothing to organisers, and refuses an access it does not know', async () => {
    // The console's guard on an app of its own, as a colleague's new plugin would meet it.
    const build = async (access?: string) => {
      const app = Fastify();
      app.decorate('ctx', m.t.ctx);
      await app.register(clientAddressPlugin);
      await app.register(localePlugin);
      await app.register(errorHandlerPlugin);
      await app.register(authPlugin, { db: m.t.ctx.db, config: m.t.ctx.config });
      await app.register(async (api) => {
        guardConsoleRoutes(api, () => undefined);
        api.get('/api/admin/new-feature', async () => ({ code: 0 }));
        api.post('/api/admin/new-feature', async () => ({ code: 0 }));
        if (access) api.get('/api/admin/declared', { config: { access: access as ConsoleAccess } }, async () => ({ code: 0 }));
      });
      await app.ready();
      return app;
    };
    const app = await build();
    try {
      for (const person of ['editor', 'reviewer', 'juror', 'user'] as const) {
        const res = await app.inject({ method: 'GET', url: '/api/admin/new-feature', headers: bearer(staff[person].token) });
        expect([res.statusCode, res.json().code], person).toEqual([403, 1010]);
      }
      expect((await app.inject({ method: 'GET', url: '/api/admin/new-feature' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/admin/new-feature', headers: bearer(staff.organiser.token) })).statusCode).toBe(200);
      // Its writes are logged like every other console write.
      expect((await app.inject({ method: 'POST', url: '/api/admin/new-feature', headers: bearer(staff.organiser.token) })).statusCode).toBe(200);
      expect((await auditLines(`action=${encodeURIComponent('POST /api/admin/new-feature')}`)).total).toBe(1);
    } finally {
      await app.close();
    }
    await expect(build('everyone')).rejects.toThrow(/unknown console access "everyone"/);
  });
});
