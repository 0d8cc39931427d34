import { describe, expect, it } from 'vitest';
import { ORGANISER_EMAIL_SETTING } from '../../common/constants';
import { readCaptcha } from '../../e2e/gallery-captcha-reader';
import { writeSetting } from '../src/db/repos/settings';
import { DIALECTS, type TestApp, useMailedApp } from './factories';

/** Contact form and scam reports: captcha (missing, wrong, reused, expired), storage, e-mail, 2012, limits. */
const captcha = async (t: TestApp, ip = '203.0.113.1') =>
  (await t.app.inject({ url: '/api/captcha', remoteAddress: ip })).json().data as { id: string; svg: string };
const message = { content: 'When does voting close?', name: 'Li Lei', email: 'li.lei@example.test' };
const post = (t: TestApp, url: string, payload: object, ip = '203.0.113.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'x-locale': 'en-US' } });
const stored = async (t: TestApp) => (await t.ctx.db.selectFrom('contact_messages').selectAll().execute()).length;

describe.each(DIALECTS)('contact and scam reports on %s', (dialect) => {
  const { t, sink } = useMailedApp(dialect, { organiserEmail: 'organiser@contest.test', demoContent: true }, { timeout: 120_000 });

  it('captcha: missing, wrong, reused and expired answers are refused (4 cases, 0 accepted)', async () => {
    const missing = await post(t, '/api/contact', { ...message, captchaId: '', captchaAnswer: '' }, '203.0.113.2');
    expect(missing.json().code).toBe(2013);
    const c1 = await captcha(t);
    const wrong = await post(
      t,
      '/api/contact',
      { ...message, captchaId: c1.id, captchaAnswer: readCaptcha(c1.svg) === 'AAAA' ? 'BBBB' : 'AAAA' },
      '203.0.113.2',
    );
    expect(wrong.json().code).toBe(3001);
    const reused = await post(t, '/api/contact', { ...message, captchaId: c1.id, captchaAnswer: readCaptcha(c1.svg) }, '203.0.113.2');
    expect(reused.json().code).toBe(3004);
    const c2 = await captcha(t);
    await t.ctx.db
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', c2.id)
      .execute();
    const expired = await post(t, '/api/contact', { ...message, captchaId: c2.id, captchaAnswer: readCaptcha(c2.svg) }, '203.0.113.2');
    expect(expired.json().code).toBe(3003);
    expect(expired.json().msg).toBe('The captcha has expired, please get a new one');
    expect(await stored(t)).toBe(0);
    expect(sink.messages).toHaveLength(0);
  });

  it('captchas are stored hashed with a five-minute life', async () => {
    const c = await captcha(t);
    const row = await t.ctx.db.selectFrom('captchas').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.answer_hash).not.toContain(readCaptcha(c.svg));
    const life = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(life).toBe(5 * 60_000);
  });

  it('a right captcha: the message is stored and e-mailed to the organiser', async () => {
    const c = await captcha(t);
    const res = await post(t, '/api/contact', { ...message, captchaId: c.id, captchaAnswer: readCaptcha(c.svg).toLowerCase() });
    expect(res.json()).toMatchObject({ code: 0 });
    expect(await stored(t)).toBe(1);
    const mail = sink.to('organiser@contest.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('When does voting close?');
    expect(mail[0]?.text).toContain('li.lei@example.test');
  });

  it('mails the address the organiser set in the console, not the ORGANISER_EMAIL fallback', async () => {
    await writeSetting(t.ctx.db, ORGANISER_EMAIL_SETTING, 'desk@contest.test');
    const before = await stored(t);
    try {
      const c = await captcha(t);
      const res = await post(t, '/api/contact', { ...message, captchaId: c.id, captchaAnswer: readCaptcha(c.svg) }, '203.0.113.9');
      expect(res.json()).toMatchObject({ code: 0 });
      expect(sink.to('desk@contest.test')).toHaveLength(1);
      expect(await stored(t)).toBe(before + 1);
    } finally {
      await t.ctx.db.deleteFrom('settings').where('key', '=', ORGANISER_EMAIL_SETTING).execute();
      // Leave the message count as the tests after this one expect it.
      const last = await t.ctx.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      if (last?.id) await t.ctx.db.deleteFrom('contact_messages').where('id', '=', Number(last.id)).execute();
    }
  });

  it('bad input gets its field code and nothing is stored', async () => {
    const c = await captcha(t);
    const res = await post(t, '/api/contact', { content: 'x', name: 'A', email: 'not-an-email', captchaId: c.id, captchaAnswer: readCaptcha(c.svg) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2004);
    expect(res.json().data.fields.email.code).toBe(2004);
    expect(await stored(t)).toBe(1);
  });

  it('a scam report is stored for the organiser; tips come in the visitor locale', async () => {
    const c = await captcha(t);
    const res = await post(t, '/api/scam-reports', {
      what: 'A caller said my parcel was lost',
      happenedOn: '2026-11-01',
      contact: '',
      captchaId: c.id,
      captchaAnswer: readCaptcha(c.svg),
    });
    expect(res.json().code).toBe(0);
    const rows = await t.ctx.db.selectFrom('scam_reports').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ what: 'A caller said my parcel was lost', happened_on: '2026-11-01', contact: null, locale: 'en-US' });
    const tips = await t.app.inject({ url: '/api/scam-tips', headers: { 'x-locale': 'en-US' } });
    expect(tips.json().data.length).toBeGreaterThanOrEqual(5);
    expect(tips.json().data[0].title).toBe('Police never settle cases by phone');
    const missing = await post(t, '/api/scam-reports', { what: '', happenedOn: '2026-11-01', captchaId: 'x', captchaAnswer: 'y' });
    expect(missing.json().code).toBe(2105);
  });

  it('the contact endpoint is rate limited per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await post(t, '/api/contact', { ...message, captchaId: '', captchaAnswer: '' }, '203.0.113.99')).json().code);
    expect(codes.slice(0, 10).every((c) => c === 2013)).toBe(true);
    expect(codes[10]).toBe(9429);
  });
});

describe.each(DIALECTS)('contact when the mail server refuses, on %s', (dialect) => {
  const { t } = useMailedApp(dialect, { demoContent: false }, { failing: true, timeout: 120_000 });

  it('answers 2012 and keeps no half-written message', async () => {
    const c = await captcha(t);
    const res = await post(t, '/api/contact', { ...message, captchaId: c.id, captchaAnswer: readCaptcha(c.svg) });
    expect(res.json().code).toBe(2012);
    expect(res.json().msg).toBe('Sending failed, please try again');
    expect(await stored(t)).toBe(0);
  });
});
