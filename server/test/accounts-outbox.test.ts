import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerBody, startTestApp, type TestApp } from './factories';

/**
 * Without SMTP_URL (a laptop running `npm start`), mail goes to DATA_DIR/outbox as .eml files and the links
 * are printed, so a person can still finish registration: register -> one .eml in the outbox holding the
 * verification link -> the printed link is the same -> opening it activates -> login works.
 */
describe('accounts: outbox mail when SMTP_URL is not set (sqlite)', () => {
  let t: TestApp;
  const printed: string[] = [];

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
    t = await startTestApp('sqlite', { smtpUrl: undefined, demoContent: false });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it('writes the verification mail as .eml with its link, prints the link, and the link activates', async () => {
    expect(t.ctx.mailer.kind).toBe('outbox');
    const email = 'laptop-user@example.com';
    const password = 'Str0ng!pass';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-locale': 'en-US' },
      payload: await registerBody(t, { email, password, confirmPassword: password }),
    });
    expect(reg.json().data).toEqual({ email, messageCode: 2011 });

    const outbox = path.join(t.db.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0] as string), 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${email}$`, 'm'));
    expect(eml).toContain('Content-Type: multipart/alternative');

    const line = printed.find((l) => l.includes('[mail]') && l.includes(email));
    expect(line).toBeDefined();
    const link = /link: (http\S+)/.exec(line as string)?.[1] as string;
    expect(link).toMatch(/^http:\/\/contest\.test\/api\/auth\/verify\?token=/);
    // The printed link is the one in the message (quoted-printable may wrap it, so compare the token).
    const token = new URL(link).searchParams.get('token') as string;
    expect(eml.replace(/=\r?\n/g, '')).toContain(token);

    const before = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(before.json().code).toBe(1006);
    const open = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toMatch(/\/activateLogin$/);
    const after = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(after.json().code).toBe(0);
  });
});
