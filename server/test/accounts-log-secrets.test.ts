import { describe, expect, it } from 'vitest';
import { signDownloadLink } from '../src/services/entries/download-links';
import { createTestUser, DIALECTS, linkIn, logSink, registerBody, useMailedApp } from './factories';

/**
 * Pen-test finding: the request log wrote URLs with their query string (`/resetPassword?token=...`), and the
 * token still worked. Here the app logs at the most detailed level into memory while a person registers,
 * verifies, logs in, resets a forgotten password through the mailed link, uses a bearer token and a cookie
 * and fetches a signed download link; no secret of any of it may appear in the log, but the requests must.
 */
describe.each(DIALECTS)('accounts: the request log keeps no secrets (%s)', (dialect) => {
  const log = logSink();
  const logText = log.text;
  // With a line per request (LOG_REQUESTS=true; production writes none): every URL reaches the log here.
  const { t, sink } = useMailedApp(
    dialect,
    { demoContent: false, requestLog: { everyRequest: true, slowMs: 1000, slowLevel: 'warn' } },
    { logLevel: 'trace', logSink: log },
  );

  it('logs every request line, but no token, password, bearer token, cookie or download signature', async () => {
    const secrets: Record<string, string> = {};
    let ip = 0;
    const send = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, payload, headers, remoteAddress: `10.8.0.${++ip}` });

    // Register -> the verification link -> verified.
    const email = 'quiet@example.test';
    secrets.registerPassword = 'Qu1et!first';
    await send('POST', '/api/auth/register', await registerBody(t, { email, password: secrets.registerPassword, confirmPassword: secrets.registerPassword }));
    const verifyLink = new URL(linkIn(sink.to(email)[0]));
    secrets.verifyToken = verifyLink.searchParams.get('token') as string;
    const verified = await send('GET', `${verifyLink.pathname}${verifyLink.search}`);
    expect(verified.headers.location).toBe('http://contest.test/zh-CN/activateLogin');

    // Login with the password; the answer's bearer token is then used.
    const login = await send('POST', '/api/auth/login', { email, password: secrets.registerPassword });
    expect(login.json().code).toBe(0);
    secrets.loginToken = login.json().data.token;
    expect((await send('GET', '/api/currentUser', undefined, { authorization: `Bearer ${secrets.loginToken}` })).statusCode).toBe(200);

    // Forgot -> the mailed reset page -> the reset API -> login with the new password.
    expect((await send('POST', '/api/auth/forgot', { email })).json().code).toBe(0);
    const resetLink = new URL(linkIn(sink.to(email)[1]));
    secrets.resetToken = resetLink.searchParams.get('token') as string;
    expect((await send('GET', `${resetLink.pathname}${resetLink.search}`)).statusCode).toBe(200);
    expect((await send('GET', `/resetPassword?token=${secrets.resetToken}`)).statusCode).toBe(200);
    expect((await send('POST', '/api/auth/reset/check', { token: secrets.resetToken })).json().code).toBe(0);
    secrets.newPassword = 'N3w!quietpw';
    const reset = await send('POST', '/api/auth/reset', { token: secrets.resetToken, password: secrets.newPassword, confirmPassword: secrets.newPassword });
    expect(reset.json().code).toBe(0);
    const again = await send('POST', '/api/auth/login', { email, password: secrets.newPassword });
    expect(again.json().code).toBe(0);
    secrets.secondLoginToken = again.json().data.token;

    // A signed-in password change, a bearer token and a cookie on other requests.
    const other = await createTestUser(t.ctx, { email: 'other-quiet@example.test', password: 'Oth3r!pass' });
    secrets.otherPassword = other.password;
    secrets.otherToken = other.token;
    secrets.changedPassword = 'Ch4nged!pass';
    const changed = await send(
      'POST',
      '/api/account/password',
      { currentPassword: other.password, password: secrets.changedPassword, confirmPassword: secrets.changedPassword },
      { authorization: `Bearer ${other.token}` },
    );
    expect(changed.json().code).toBe(0);
    secrets.cookieValue = 'cookieSecretValue0123456789';
    await send('GET', '/api/contest', undefined, {
      cookie: `mfc_voter=${t.app.signCookie(secrets.cookieValue)}`,
      authorization: `Bearer ${secrets.otherToken}`,
    });
    const vote = await send('POST', '/api/gallery/entries/1/vote', {});
    const setCookie = String(vote.headers['set-cookie'] ?? '');
    expect(setCookie).toContain('mfc_voter=');
    secrets.issuedCookie = decodeURIComponent(/mfc_voter=([^;]+)/.exec(setCookie)?.[1] ?? '');

    // The console's signed download link carries its signature in the path.
    const download = signDownloadLink(t.ctx.config.cookieSecret, { entryId: 1, file: 'video', adminId: other.id });
    secrets.downloadToken = download.slice('/api/downloads/'.length);
    await send('GET', download);

    const text = logText();
    // None of the secrets, whole, URL-encoded or as a download link's signature half...
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(7);
      expect(text.includes(value), `${name} in the log`).toBe(false);
      expect(text.includes(encodeURIComponent(value)), `${name} (URL-encoded) in the log`).toBe(false);
    }
    expect(text.includes(secrets.downloadToken.split('.')[1] as string)).toBe(false);
    expect(text.toLowerCase()).not.toMatch(/"(authorization|cookie|set-cookie)":/);
    // ...while the log is there and names each request (so this test can fail).
    expect(text).toContain('incoming request');
    expect(text).toContain('request completed');
    expect(text).toContain('"url":"/api/auth/login"');
    expect(text).toContain(`"url":"${resetLink.pathname}?token=[redacted]"`);
    expect(text).toContain('"url":"/resetPassword?token=[redacted]"');
    expect(text).toContain('"url":"/api/auth/verify?token=[redacted]&lang=[redacted]"');
    expect(text).toContain('"url":"/api/downloads/[redacted]"');
  });
});
