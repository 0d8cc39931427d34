import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/i18n/index';
import { badInputTally, createTestUser, DIALECTS, expireAccountTokens, linkIn, useMailedApp } from './factories';

/**
 * Issue 3 acceptance: forgot -> reset link (from PUBLIC_URL, never Host) -> new password works once;
 * reused, altered and expired links give 1004; every old bearer token dies; the account page's change
 * password and log-out-everywhere.
 */
const NEW = 'N3w!secret';

describe.each(DIALECTS)('accounts: password reset and sessions (%s)', (dialect) => {
  const { t, sink, post } = useMailedApp(dialect, { demoContent: false }, { addresses: '10.2' });
  const tally = badInputTally(`accounts-reset ${dialect}`);
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/currentUser', headers: { authorization: `Bearer ${token}` } });

  async function expectCode(promise: ReturnType<typeof post>, code: number) {
    tally.tried++;
    const body = (await promise).json();
    if (body.code === 0) tally.accepted++;
    expect(body.code).toBe(code);
  }

  it('reset link works once; reused, altered, expired and garbage links give 1004; old sessions end', async () => {
    const user = await createTestUser(t.ctx, { email: 'reset@example.test' });
    const second = await post('/api/auth/login', { email: user.email, password: user.password });
    const oldTokens = [user.token, second.json().data.token as string];
    for (const tk of oldTokens) expect((await me(tk)).statusCode).toBe(200);

    // A forged Host header must not reach the mail: links come from PUBLIC_URL.
    const res = await post(
      '/api/auth/forgot',
      { email: 'RESET@example.test' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-locale': 'en-US' },
    );
    expect(res.json().code).toBe(0);
    const mail = sink.to(user.email)[0];
    expect(mail?.subject).toBe(MESSAGES['en-US']['account.mail.reset.subject'].replace('{site}', MESSAGES['en-US']['site.name']));
    expect(mail?.raw).not.toContain('evil.example');
    const link = new URL(linkIn(mail));
    expect(link.origin + link.pathname).toBe('http://contest.test/en-US/resetPassword');
    const token = link.searchParams.get('token') as string;

    expect((await post('/api/auth/reset/check', { token })).json().code).toBe(0);
    await expectCode(post('/api/auth/reset', { token, password: NEW, confirmPassword: `${NEW}!` }), 1001);
    await expectCode(post('/api/auth/reset', { token, password: 'weakpass', confirmPassword: 'weakpass' }), 1002);
    await expectCode(post('/api/auth/reset', { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, password: NEW, confirmPassword: NEW }), 1004);
    await expectCode(post('/api/auth/reset', { token: 'short', password: NEW, confirmPassword: NEW }), 1004);
    await expectCode(post('/api/auth/reset', { password: NEW, confirmPassword: NEW }), 1004);

    const done = await post('/api/auth/reset', { token, password: NEW, confirmPassword: NEW });
    expect(done.json()).toEqual({ code: 0, msg: 'ok', data: {} });
    // The reset does not sign the person in, and every earlier bearer token is refused.
    for (const tk of oldTokens) expect([(await me(tk)).statusCode, (await me(tk)).json().code]).toEqual([401, 1008]);
    await expectCode(post('/api/auth/reset', { token, password: 'An0ther!pw', confirmPassword: 'An0ther!pw' }), 1004);
    await expectCode(post('/api/auth/reset/check', { token }), 1004);
    await expectCode(post('/api/auth/login', { email: user.email, password: user.password }), 1007);
    expect((await post('/api/auth/login', { email: user.email, password: NEW })).json().code).toBe(0);

    // An expired link.
    await post('/api/auth/forgot', { email: user.email });
    const late = new URL(linkIn(sink.to(user.email)[1])).searchParams.get('token') as string;
    await expireAccountTokens(t.ctx, 'reset');
    await expectCode(post('/api/auth/reset', { token: late, password: 'Expir3d!pw', confirmPassword: 'Expir3d!pw' }), 1004);
    await expectCode(post('/api/auth/forgot', { email: 'nobody@example.test' }), 1005);
    await expectCode(post('/api/auth/forgot', { email: 'not-an-email' }), 2004);
  });

  it('a newer reset link retires the older one', async () => {
    const user = await createTestUser(t.ctx, { email: 'twice@example.test' });
    await post('/api/auth/forgot', { email: user.email });
    await post('/api/auth/forgot', { email: user.email });
    const [a, b] = sink.to(user.email).map((m) => new URL(linkIn(m)).searchParams.get('token') as string);
    await expectCode(post('/api/auth/reset', { token: a, password: NEW, confirmPassword: NEW }), 1004);
    expect((await post('/api/auth/reset', { token: b, password: NEW, confirmPassword: NEW })).json().code).toBe(0);
  });

  it('change password asks the current one (1106), keeps this sign-in and ends the others', async () => {
    const user = await createTestUser(t.ctx, { email: 'change@example.test' });
    const other = (await post('/api/auth/login', { email: user.email, password: user.password })).json().data.token as string;
    const auth = { authorization: `Bearer ${user.token}` };
    await expectCode(post('/api/account/password', { currentPassword: 'Wr0ng!pass', password: NEW, confirmPassword: NEW }, auth), 1106);
    await expectCode(post('/api/account/password', { currentPassword: user.password, password: 'short', confirmPassword: 'short' }, auth), 1002);
    await expectCode(post('/api/account/password', { currentPassword: user.password, password: NEW, confirmPassword: NEW }), 1009);
    expect((await post('/api/account/password', { currentPassword: user.password, password: NEW, confirmPassword: NEW }, auth)).json().code).toBe(0);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(other)).json().code).toBe(1008);
    expect((await post('/api/auth/login', { email: user.email, password: NEW })).json().code).toBe(0);
  });

  it("log out everywhere ends every sign-in of the account and no one else's", async () => {
    const user = await createTestUser(t.ctx, { email: 'everywhere@example.test' });
    const bystander = await createTestUser(t.ctx, { email: 'bystander@example.test' });
    const other = (await post('/api/auth/login', { email: user.email, password: user.password })).json().data.token as string;
    // Sent as the site sends it: a POST with no body (a route that takes none refuses one).
    const everywhere = await t.app.inject({ method: 'POST', url: '/api/account/logout-all', headers: { authorization: `Bearer ${user.token}` } });
    expect(everywhere.json().code).toBe(0);
    expect((await me(user.token)).json().code).toBe(1008);
    expect((await me(other)).json().code).toBe(1008);
    expect((await me(bystander.token)).statusCode).toBe(200);
  });
});
