import { describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, useTestApp } from './factories';

/**
 * Fault drill: a body bomb. Any visitor could post ~900 KB of nested brackets to a route that reads no body
 * (logout), each parse costing 100-250 ms, until back-pressure refused everyone. A route now reads only what
 * it needs: none where it takes none, 64 KB on public forms, and no JSON nested past 32 levels.
 */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe.each(DIALECTS)('request bodies (%s)', (dialect) => {
  const LOGOUT_LIMIT = 3;
  const t = useTestApp(dialect, { demoContent: false, auth: { limits: { loginIp: { max: LOGOUT_LIMIT, windowMs: 60_000 } } } });
  let ip = 0;
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', 'x-locale': 'en-US', ...headers },
      remoteAddress: `10.9.0.${++ip}`,
    });

  it('logout takes no body: 900 KB of brackets is refused with 413 / 9420 unread; without one it signs out', async () => {
    const user = await createTestUser(t.ctx);
    const bomb = await post('/api/auth/logout', nested(450_000), { authorization: `Bearer ${user.token}` });
    expect([bomb.statusCode, bomb.json()]).toEqual([413, { code: 9420, msg: 'This request takes no body' }]);
    const me = () => t.app.inject({ url: '/api/currentUser', headers: { authorization: `Bearer ${user.token}` } });
    expect((await me()).statusCode).toBe(200); // the refused request changed nothing
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${user.token}` }, remoteAddress: '10.9.1.1' });
    expect([out.statusCode, out.json().code]).toEqual([200, 0]);
    expect((await me()).statusCode).toBe(401);
  });

  it('JSON nested past 32 levels is refused with 400 / 9421 before parsing; brackets inside a string are text', async () => {
    const deep = await post('/api/auth/login', `{"email":"a@example.test","password":${nested(40)}}`);
    expect([deep.statusCode, deep.json().code]).toEqual([400, 9421]);
    const shallow = await post('/api/auth/login', JSON.stringify({ email: 'nobody@example.test', password: `[${'['.repeat(60)}x` }));
    expect(shallow.json().code).not.toBe(9421);
    expect(shallow.statusCode).toBeLessThan(500);
  });

  it('a public form takes at most 64 KB (413 / 9413)', async () => {
    const big = await post('/api/auth/login', JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(70_000) }));
    expect([big.statusCode, big.json().code]).toEqual([413, 9413]);
  });

  it('logout is rate-limited per address like the other anonymous writes', async () => {
    const from = (n: number) => t.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: '10.9.2.2' }).then((r) => [n, r.statusCode]);
    const answers = [];
    for (let i = 0; i <= LOGOUT_LIMIT; i++) answers.push(await from(i));
    expect(answers.at(-1)).toEqual([LOGOUT_LIMIT, 429]);
    expect(answers.slice(0, LOGOUT_LIMIT).every(([, s]) => s === 200)).toBe(true);
  });
});
