import { describe, expect, it } from 'vitest';
import { type ErrorCode, errorMessage } from '../../common/errors';
import { MESSAGES } from '../../common/i18n/index';
import { createTestUser, DIALECTS, registerBody, useMailedApp } from './factories';

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers and assert on it.
type Json = any;

/** What an organiser types into the identity page: zh-CN and en-US texts, zh-TW left for the converter. */
const IDENTITY = {
  i18n: {
    'zh-CN': {
      siteName: '青年影像节',
      organiser: '青禾文化传播有限公司',
      heroTitle: '用影像记录时代',
      heroSubtitle: '十分钟，讲一个关于城市的故事。',
      footerText: '青年影像节组委会',
    },
    'zh-TW': {},
    'en-US': { siteName: 'Youth Film Festival', organiser: 'Qinghe Culture Co.', heroTitle: 'Film Your Times', heroSubtitle: '', footerText: '' },
  },
  logoUrl: '/media/content/logo.png',
  heroImageUrl: '/media/content/hero.jpg',
  wechatQrUrl: 'https://cdn.example/qr.png',
  primaryColor: '#1D4ED8',
  contactEmail: 'hello@qinghe.example',
  contactPhone: '+86 10 1234 5678',
  wechatAccount: '青禾影像',
  social: { weibo: 'https://weibo.com/qinghe', facebook: 'https://facebook.com/qinghe' },
  icpNumber: '京ICP备12345678号-1',
  psbNumber: '京公网安备11010502030143号',
};

/** One bad field at a time, the code it must be refused with, and the field the code lands on. */
const BAD: [string, (b: Json) => void, number, string][] = [
  ['empty zh-CN name', (b) => (b.i18n['zh-CN'].siteName = '  '), 6050, 'i18n.zh-CN.siteName'],
  ['colour word', (b) => (b.primaryColor = 'blue'), 6051, 'primaryColor'],
  ['short colour', (b) => (b.primaryColor = '#abc'), 6051, 'primaryColor'],
  ['e-mail', (b) => (b.contactEmail = 'not-an-address'), 6052, 'contactEmail'],
  ['phone letters', (b) => (b.contactPhone = 'call me'), 6053, 'contactPhone'],
  ['ICP without 备', (b) => (b.icpNumber = 'ICP12345678'), 6054, 'icpNumber'],
  ['ICP script', (b) => (b.icpNumber = '<script>alert(1)</script>'), 6054, 'icpNumber'],
  ['public security number without digits', (b) => (b.psbNumber = '京公网安备号'), 6055, 'psbNumber'],
  ['name too long', (b) => (b.i18n['en-US'].siteName = 'x'.repeat(61)), 6056, 'i18n.en-US.siteName'],
  ['QR javascript:', (b) => (b.wechatQrUrl = 'javascript:alert(1)'), 6040, 'wechatQrUrl'],
  ['hero other host', (b) => (b.heroImageUrl = '//evil.example/x.jpg'), 6040, 'heroImageUrl'],
  ['weibo data:', (b) => (b.social.weibo = 'data:text/html,hi'), 6040, 'social.weibo'],
];

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const siteNameOf = (html: string) => /<meta property="og:site_name" content="([^"]*)">/.exec(html)?.[1];

describe.each(DIALECTS)('contest identity from an empty install (%s)', (dialect) => {
  const { t, sink, post } = useMailedApp(dialect, { demoContent: false }, { addresses: '10.5' });
  let admin: { token: string };
  let user: { token: string };

  const api = async (method: 'GET' | 'PUT', url: string, payload?: unknown, token = admin.token) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'x-locale': 'en-US' }, ...(payload ? { payload: payload as object } : {}) });
  const publicIdentity = async (locale: string): Promise<Json> =>
    (await t.app.inject({ method: 'GET', url: '/api/site/identity', headers: { 'x-locale': locale } })).json().data;
  const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
  const stored = async () => (await t.ctx.db.selectFrom('settings').select('value').where('key', '=', 'site.identity').executeTakeFirst())?.value;

  it('shows the neutral defaults before the organiser says who they are', async () => {
    admin = await createTestUser(t.ctx, { role: 'admin' });
    user = await createTestUser(t.ctx);
    for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const) {
      const id = await publicIdentity(locale);
      expect(id).toMatchObject({ siteName: MESSAGES[locale]['site.name'], organiser: MESSAGES[locale]['site.organiser'], configured: false, icpNumber: '' });
      expect(id.heroTitle).toBe(MESSAGES[locale]['home.heroTitle']);
    }
    const html = await page('/en-US/events');
    expect(titleOf(html)).toBe(`${MESSAGES['en-US']['route.events']} - ${MESSAGES['en-US']['site.name']}`);
    expect(siteNameOf(html)).toBe(MESSAGES['en-US']['site.name']);
    const admin0 = (await api('GET', '/api/admin/identity')).json().data;
    expect(admin0.updatedAt).toBeNull();
    expect(admin0.i18n['zh-CN'].siteName).toBe('');
  });

  it('refuses visitors and non-organisers, and writes nothing', async () => {
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/admin/identity', payload: IDENTITY });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/identity' })).statusCode).toBe(401);
    expect((await api('PUT', '/api/admin/identity', IDENTITY, user.token)).statusCode).toBe(403);
    expect((await api('GET', '/api/admin/identity', undefined, user.token)).statusCode).toBe(403);
    expect(await stored()).toBeUndefined();
  });

  it.each(BAD)('refuses %s with its code on the field and writes nothing', async (_label, spoil, code, field) => {
    const body = structuredClone(IDENTITY) as Json;
    spoil(body);
    const res = await api('PUT', '/api/admin/identity', body);
    expect([res.statusCode, res.json().code, res.json().data?.fields?.[field]?.code]).toEqual([400, code, code]);
    expect(res.json().msg).toBe(errorMessage(code as ErrorCode, 'en-US'));
    expect(await stored()).toBeUndefined();
    expect((await publicIdentity('en-US')).configured).toBe(false);
  });

  it('an About us QR from before the identity still shows until the identity names one', async () => {
    const saved = await api('PUT', '/api/admin/pages/aboutUs', {
      i18n: { 'zh-CN': { title: '关于我们', body: '<p>简介</p>' }, 'zh-TW': {}, 'en-US': {} },
      extra: { wechatQrUrl: '/media/content/old-qr.png' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publicIdentity('zh-CN')).wechatQrUrl).toBe('/media/content/old-qr.png');
  });

  it('saves through the console; the site, its page heads (cache dropped) and zh-TW follow', async () => {
    // Prime the page cache first: the save must drop it.
    expect(siteNameOf(await page('/zh-TW/home'))).toBe(MESSAGES['zh-TW']['site.name']);
    const res = await api('PUT', '/api/admin/identity', IDENTITY);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved.primaryColor).toBe('#1d4ed8');
    expect(saved.updatedAt).toEqual(expect.any(String));
    expect(saved.i18n['zh-TW']).toMatchObject({ siteName: '青年影像節', organiser: '青禾文化傳播有限公司' });
    expect(saved.i18n['zh-TW']._converted).toEqual(expect.arrayContaining(['siteName', 'organiser', 'heroTitle', 'heroSubtitle', 'footerText']));
    expect((await api('GET', '/api/admin/identity')).json().data).toEqual(saved);

    const en = await publicIdentity('en-US');
    expect(en).toMatchObject({
      siteName: 'Youth Film Festival',
      organiser: 'Qinghe Culture Co.',
      heroTitle: 'Film Your Times',
      // en-US left empty: the organiser's zh-CN words, not the neutral default.
      heroSubtitle: '十分钟，讲一个关于城市的故事。',
      heroImageUrl: '/media/content/hero.jpg',
      wechatQrUrl: 'https://cdn.example/qr.png',
      icpNumber: '京ICP备12345678号-1',
      psbNumber: '京公网安备11010502030143号',
      social: { weibo: 'https://weibo.com/qinghe', facebook: 'https://facebook.com/qinghe' },
      configured: true,
    });
    const tw = await publicIdentity('zh-TW');
    expect(tw.siteName).toBe('青年影像節');

    const home = await page('/zh-TW/home');
    expect(titleOf(home)).toBe(`${MESSAGES['zh-TW']['route.home']} - 青年影像節`);
    expect(siteNameOf(home)).toBe('青年影像節');
    expect(home).toContain('"siteName":"青年影像節"'); // the initial-data block: the header needs no round trip
    const events = await page('/en-US/events');
    expect(titleOf(events)).toBe(`${MESSAGES['en-US']['route.events']} - Youth Film Festival`);
    expect(siteNameOf(events)).toBe('Youth Film Festival');
    for (const html of [home, events]) for (const name of Object.values(MESSAGES).map((m) => m['site.name'])) expect(titleOf(html)).not.toContain(name);
  });

  it("signs the mails with the organiser's name, in the recipient's locale", async () => {
    const res = await post(
      '/api/auth/register',
      await registerBody(t, { email: 'viewer@example.test', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }),
      { 'x-locale': 'zh-TW' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const mail = sink.to('viewer@example.test')[0];
    expect(mail?.subject).toBe(MESSAGES['zh-TW']['account.mail.verify.subject'].replace('{site}', '青年影像節'));
    expect(mail?.text).toContain('青禾文化傳播有限公司');
    expect(mail?.html).toContain('青年影像節');
  });
});
