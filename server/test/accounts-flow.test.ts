import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/i18n/index';
import { badInputTally, DIALECTS, expireAccountTokens, linkIn, registerBody, useMailedApp } from './factories';

/**
 * Issue 3 acceptance: register -> one verification mail through real SMTP in the person's locale -> its
 * link activates -> login; failure paths of the link; every account code produced; mail failure 2012.
 */
const GOOD = 'Str0ng!pass';

describe.each(DIALECTS)('accounts: register, verify, login (%s)', (dialect) => {
  const { t, sink, post } = useMailedApp(dialect, { demoContent: false }, { addresses: '10.1' });
  const tally = badInputTally(`accounts-flow ${dialect}`);

  /** A bad input must be refused with the expected code and leave no user row behind (a registration's carries a solved challenge). */
  async function refused(url: string, fields: object, code: number, status?: number) {
    const payload = url === '/api/auth/register' ? await registerBody(t, fields) : fields;
    tally.tried++;
    const before = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post(url, payload);
    const body = res.json();
    if (body.code === 0) tally.accepted++;
    expect(body.code, JSON.stringify(payload)).toBe(code);
    if (status) expect(res.statusCode).toBe(status);
    expect(typeof body.msg).toBe('string');
    const after = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    return body;
  }

  it('refuses bad registrations with the e-mail and password codes and writes nothing', async () => {
    await refused('/api/auth/register', { password: GOOD, confirmPassword: GOOD }, 2005, 400);
    await refused('/api/auth/register', { email: '   ', password: GOOD, confirmPassword: GOOD }, 2005);
    for (const email of ['plain', 'a@', '@b.cn', 'a b@c.cn', 'a@b', `${'x'.repeat(250)}@b.cn`, 'a@@b.cn']) {
      await refused('/api/auth/register', { email, password: GOOD, confirmPassword: GOOD }, 2004);
    }
    await refused('/api/auth/register', { email: 'p@example.test', confirmPassword: GOOD }, 2006);
    await refused('/api/auth/register', { email: 'p@example.test', password: '', confirmPassword: '' }, 2006);
    for (const password of ['Str0ng pass!', 'Str0ng!密码', 'Ｓtr0ng!pass']) {
      await refused('/api/auth/register', { email: 'p@example.test', password, confirmPassword: password }, 2007);
    }
    for (const password of ['S0!a', 'Str0ng!pass1234567', 'str0ng!pass', 'STR0NG!PASS', 'Strong!pass', 'Str0ngpass1']) {
      await refused('/api/auth/register', { email: 'p@example.test', password, confirmPassword: password }, 1002);
    }
    const body = await refused('/api/auth/register', { email: 'p@example.test', password: GOOD, confirmPassword: `${GOOD}x` }, 1001);
    expect(body.data.fields.confirmPassword.code).toBe(1001);
    expect(sink.messages).toHaveLength(0);
  });

  it('register -> one zh-TW mail -> link activates -> login; link failures land on /activateFaild', async () => {
    const email = 'Mei.Lin@Example.test';
    const res = await post('/api/auth/register', await registerBody(t, { email, password: GOOD, confirmPassword: GOOD }), { 'x-locale': 'zh-TW' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ email: 'mei.lin@example.test', messageCode: 2011 });

    const mails = sink.to('mei.lin@example.test');
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe(MESSAGES['zh-TW']['account.mail.verify.subject'].replace('{site}', MESSAGES['zh-TW']['site.name']));
    expect(mail?.text).toContain(MESSAGES['zh-TW']['account.mail.verify.action']);
    expect(mail?.html).toContain(MESSAGES['zh-TW']['account.mail.verify.action']);
    const link = linkIn(mail);
    expect(link.startsWith('http://contest.test/api/auth/verify?token=')).toBe(true);
    expect(mail?.html).toContain(link.replaceAll('&', '&amp;'));

    // Before activation the right password gets 1006; a wrong one still 1007.
    expect((await post('/api/auth/login', { email, password: GOOD })).json().code).toBe(1006);
    expect((await post('/api/auth/login', { email, password: 'Wr0ng!pass' })).json().code).toBe(1007);
    // Registering the same address again: 1003 (409), and no second mail.
    tally.tried++;
    const again = await post('/api/auth/register', await registerBody(t, { email: 'MEI.LIN@example.test', password: GOOD, confirmPassword: GOOD }));
    if (again.json().code === 0) tally.accepted++;
    expect([again.statusCode, again.json().code]).toEqual([409, 1003]);

    const url = new URL(link);
    const token = url.searchParams.get('token') as string;
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    tally.tried++;
    const bad = await t.app.inject({ method: 'GET', url: `/api/auth/verify?token=${altered}&lang=zh-TW` });
    expect([bad.statusCode, bad.headers.location]).toEqual([302, 'http://contest.test/zh-TW/activateFaild']);

    const open = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect([open.statusCode, open.headers.location]).toEqual([302, 'http://contest.test/zh-TW/activateLogin']);
    tally.tried++;
    const reuse = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(reuse.headers.location).toBe('http://contest.test/zh-TW/activateFaild');
    tally.tried++;
    const garbage = await t.app.inject({ method: 'GET', url: '/api/auth/verify?token=%3Cscript%3E&lang=xx' });
    expect(garbage.headers.location).toBe('http://contest.test/activateFaild');

    const login = await post('/api/auth/login', { email: 'mei.lin@example.test', password: GOOD });
    expect(login.statusCode).toBe(200);
    const data = login.json().data;
    expect(data.messageCode).toBe(2009);
    expect(data.user).toMatchObject({ email: 'mei.lin@example.test', role: 'user', verified: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/currentUser', headers: { authorization: `Bearer ${data.token}` } });
    expect(me.json().data.email).toBe('mei.lin@example.test');
  });

  it('an expired verification link lands on the failure page; resend mails a working one', async () => {
    const email = 'late@example.test';
    await post('/api/auth/register', await registerBody(t, { email, password: GOOD, confirmPassword: GOOD }), { 'x-locale': 'en-US' });
    const first = new URL(linkIn(sink.to(email)[0]));
    await expireAccountTokens(t.ctx, 'verify');
    tally.tried++;
    const expired = await t.app.inject({ method: 'GET', url: first.pathname + first.search });
    expect(expired.headers.location).toBe('http://contest.test/en-US/activateFaild');

    expect((await post('/api/auth/resend', { email: 'nobody@example.test' })).json().code).toBe(1005);
    const resent = await post('/api/auth/resend', { email }, { 'x-locale': 'zh-CN' });
    expect(resent.json().code).toBe(0);
    const mails = sink.to(email);
    expect(mails).toHaveLength(2);
    // The mail keeps the locale the person registered in.
    expect(mails[1]?.subject).toContain('Please verify your email');
    const second = new URL(linkIn(mails[1]));
    expect((await t.app.inject({ method: 'GET', url: second.pathname + second.search })).headers.location).toBe('http://contest.test/en-US/activateLogin');
    expect((await post('/api/auth/resend', { email })).json().code).toBe(1107);
  });

  it('login refuses unknown accounts (1005), wrong passwords (1007) and bad input (2005, 2004, 2006)', async () => {
    await refused('/api/auth/login', { email: 'ghost@example.test', password: GOOD }, 1005, 404);
    await refused('/api/auth/login', { email: 'mei.lin@example.test', password: 'Str0ng!pasS' }, 1007, 401);
    await refused('/api/auth/login', { password: GOOD }, 2005);
    await refused('/api/auth/login', { email: 'mei.lin', password: GOOD }, 2004);
    await refused('/api/auth/login', { email: 'mei.lin@example.test', password: '' }, 2006);
    await refused('/api/auth/login', { email: 'mei.lin@example.test' }, 2006);
    await refused('/api/auth/login', { email: ['mei.lin@example.test'], password: GOOD }, 2005);
  });

  it('gives 2010 and 2008 when the database fails under registration and login, leaving nothing half-written', async () => {
    await t.ctx.db.schema.alterTable('account_tokens').renameTo('account_tokens_away').execute();
    try {
      const res = await post('/api/auth/register', await registerBody(t, { email: 'broken@example.test', password: GOOD, confirmPassword: GOOD }));
      expect([res.statusCode, res.json().code]).toEqual([500, 2010]);
      expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'broken@example.test').executeTakeFirst()).toBeUndefined();
    } finally {
      await t.ctx.db.schema.alterTable('account_tokens_away').renameTo('account_tokens').execute();
    }
    await t.ctx.db.schema.alterTable('sessions').renameTo('sessions_away').execute();
    try {
      const res = await post('/api/auth/login', { email: 'mei.lin@example.test', password: GOOD });
      expect([res.statusCode, res.json().code]).toEqual([500, 2008]);
    } finally {
      await t.ctx.db.schema.alterTable('sessions_away').renameTo('sessions').execute();
    }
  });

  it('logout revokes the bearer token: the next request gets 401 with 1008', async () => {
    const login = await post('/api/auth/login', { email: 'mei.lin@example.test', password: GOOD });
    const auth = { authorization: `Bearer ${login.json().data.token}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).json().code).toBe(0);
    const me = await t.app.inject({ method: 'GET', url: '/api/currentUser', headers: auth });
    expect([me.statusCode, me.json().code]).toEqual([401, 1008]);
    // Logging out again with the dead token is harmless.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).json().code).toBe(0);
  });
});

describe.each(DIALECTS)('accounts: mail delivery failure (%s)', (dialect) => {
  const { t } = useMailedApp(dialect, { demoContent: false }, { failing: true });

  it('registration whose mail is refused gives 2012 and removes the account, so the person can try again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: await registerBody(t, { email: 'bounce@example.test', password: GOOD, confirmPassword: GOOD }),
    });
    expect([res.statusCode, res.json().code]).toEqual([502, 2012]);
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'bounce@example.test').executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.db.selectFrom('account_tokens').select('id').executeTakeFirst()).toBeUndefined();
  });
});
