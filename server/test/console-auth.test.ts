import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API_ROUTES } from '../src/routes/console/index';
import { JUROR_API_ROUTES } from '../src/routes/jury/index';
import { createTestJuror, createTestUser, DIALECTS, insertEntry, startTestApp, type TestApp } from './factories';

/**
 * Authorisation matrix: every console API route x {anonymous, verified user, disabled admin, juror, admin},
 * and every judging route x {anonymous, user, admin, disabled juror, juror}.
 * Non-admins are sent real object ids (another user's entry, a real news item) so a missing check would
 * show as a success; the admin is sent ids that do not exist so the run changes nothing.
 */
describe.each(DIALECTS)('console authorisation on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<'user' | 'disabledAdmin' | 'admin' | 'juror' | 'disabledJuror', string>;
  let realIds: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const owner = await createTestUser(t.ctx);
    // Background: the matrix needs a real id to aim at, not an entry that went through any flow.
    const entryId = await insertEntry(t.ctx, owner.id);
    tokens = {
      user: (await createTestUser(t.ctx, { role: 'user' })).token,
      disabledAdmin: (await createTestUser(t.ctx, { role: 'admin', disabled: true })).token,
      admin: (await createTestUser(t.ctx, { role: 'admin' })).token,
      juror: (await createTestJuror(t.ctx)).token,
      disabledJuror: (await createTestJuror(t.ctx, { disabled: true })).token,
    };
    realIds = { id: String(entryId), kind: 'news', slug: 'aboutUs' };
    // For user routes the id is another account's (the entry owner's).
    realIds.userId = String(owner.id);
  });
  afterAll(async () => t?.close());

  const fill = (url: string, ids: Record<string, string>) =>
    url
      .replace(':kind', ids.kind as string)
      .replace(':slug', ids.slug as string)
      .replace(':file', 'empower')
      .replace(':id', url.startsWith('/api/admin/users/') ? (ids.userId as string) : (ids.id as string));

  const call = (route: string, token: string | undefined, ids: Record<string, string>, payload: object = {}) => {
    const [method, url] = route.split(' ') as [string, string];
    return t.app.inject({
      method: method as 'GET',
      url: fill(url, ids),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload }),
    });
  };

  it('lets only an admin through on every console API route', async () => {
    const routes = [...CONSOLE_API_ROUTES].sort();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    // The file routes live in their own child plugin (own body parser): they must still be in the matrix.
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/admin/uploads/image',
        'POST /api/admin/templates/:id/file',
        'GET /api/admin/entries/:id/files',
        'GET /api/admin/entries/:id/files/:file',
        'GET /api/admin/exhibition-video/:id',
        // Fraud review: an entry's timeline, review actions, void and restore by rule.
        'GET /api/admin/votes/timeline',
        'GET /api/admin/votes/actions',
        'POST /api/admin/votes/rule/preview',
        'POST /api/admin/votes/rule/void',
        'POST /api/admin/votes/restore',
      ]),
    );
    let tried = 0;
    const unauthorisedSuccesses: string[] = [];
    const adminRefused: string[] = [];
    for (const route of routes) {
      for (const [role, token] of [
        ['anonymous', undefined],
        ['user', tokens.user],
        ['disabledAdmin', tokens.disabledAdmin],
        // A juror signs in to the console too, but no organiser route answers them.
        ['juror', tokens.juror],
      ] as const) {
        const res = await call(route, token, realIds);
        tried++;
        const expected = role === 'user' || role === 'juror' ? 403 : 401;
        const refusedCode = role === 'user' || role === 'juror' ? 1010 : role === 'anonymous' ? 1009 : 1011;
        if (res.statusCode < 400 || res.statusCode !== expected || res.json().code !== refusedCode) {
          unauthorisedSuccesses.push(`${role} ${route} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
      const res = await call(route, tokens.admin, { ...realIds, id: '999999', userId: '999999' });
      tried++;
      if (res.statusCode === 401 || res.statusCode === 403) adminRefused.push(`${route} -> ${res.statusCode}`);
    }
    console.log(`routes x roles tried: ${tried}, unauthorised successes: ${unauthorisedSuccesses.length}`);
    expect(unauthorisedSuccesses).toEqual([]);
    expect(adminRefused).toEqual([]);
    expect(tried).toBe(routes.length * 5);
  });

  it('lets only an enabled juror through on every judging route', async () => {
    const routes = [...JUROR_API_ROUTES].sort();
    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/jury/judging/entries', 'GET /api/jury/judging/entries/:id', 'PUT /api/jury/judging/entries/:id/sheet']),
    );
    const refused: string[] = [];
    const jurorRefused: string[] = [];
    for (const route of routes) {
      for (const [role, token, status, code] of [
        ['anonymous', undefined, 401, 1009],
        ['user', tokens.user, 403, 7105],
        ['admin', tokens.admin, 403, 7105],
        ['disabledJuror', tokens.disabledJuror, 401, 1011],
      ] as const) {
        const res = await call(route, token, realIds);
        if (res.statusCode !== status || res.json().code !== code) refused.push(`${role} ${route} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
      // The real entry id is still pending: not assigned to anyone, so the juror gets 7102, never the entry.
      // Valid bodies, so the answer is about the entry, not the input.
      const body = route.endsWith('/sheet') ? { scores: {}, comment: '' } : { recused: true };
      const res = await call(route, tokens.juror, realIds, body);
      if (res.statusCode === 401 || res.statusCode === 403) jurorRefused.push(`${route} -> ${res.statusCode}`);
      if (route.includes(':id')) expect(res.json().code, route).toBe(7102);
    }
    expect(refused).toEqual([]);
    expect(jurorRefused).toEqual([]);
  });

  it('serves the console shell to anyone but its data only to admins', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/admin/');
    const dash = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(dash.statusCode).toBe(200);
    expect(dash.json().data.users.admins).toBeGreaterThanOrEqual(1);
  });
});
