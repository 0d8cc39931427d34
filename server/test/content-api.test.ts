import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from './factories';

describe.each(DIALECTS)('content read API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('lists news with default page 1, size 10 and the total', async () => {
    const res = await get('/api/news');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.page).toBe(1);
    expect(body.data.pageSize).toBe(10);
    expect(body.data.items).toHaveLength(10);
    expect(body.data.total).toBeGreaterThanOrEqual(12);
    const dates = body.data.items.map((n: { publishedAt: string }) => n.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages through news without overlap', async () => {
    const p1 = (await get('/api/news?page=1&pageSize=10')).json().data;
    const p2 = (await get('/api/news?page=2&pageSize=10')).json().data;
    expect(p2.items.length).toBe(p1.total - 10);
    const ids = new Set(p1.items.map((n: { id: number }) => n.id));
    for (const n of p2.items) expect(ids.has(n.id)).toBe(false);
  });

  it('filters news by category', async () => {
    const media = (await get('/api/news?category=media&pageSize=50')).json().data;
    const ann = (await get('/api/news?category=announcement&pageSize=50')).json().data;
    expect(media.items.every((n: { category: string }) => n.category === 'media')).toBe(true);
    expect(ann.items.every((n: { category: string }) => n.category === 'announcement')).toBe(true);
    expect(media.total + ann.total).toBe((await get('/api/news')).json().data.total);
  });

  it('answers in the request locale: X-Locale, then Accept-Language, then zh-CN', async () => {
    const en = (await get('/api/news/1', { 'x-locale': 'en-US' })).json().data;
    const tw = (await get('/api/news/1', { 'accept-language': 'zh-TW,zh;q=0.9' })).json().data;
    const cn = (await get('/api/news/1', { 'accept-language': 'fr-FR' })).json().data;
    expect(en.title).toMatch(/Anti-Fraud/);
    expect(tw.title).toMatch(/第三屆/);
    expect(cn.title).toMatch(/第三届/);
    expect(en.body).toContain('<p>');
  });

  it('falls back to zh-CN field by field when a locale lacks a text', async () => {
    const row = await t.ctx.db.selectFrom('news').select(['id', 'i18n']).where('id', '=', 2).executeTakeFirstOrThrow();
    const i18n = JSON.parse(row.i18n);
    i18n['en-US'] = { title: 'Only a title in English' };
    await t.ctx.db
      .updateTable('news')
      .set({ i18n: JSON.stringify(i18n) })
      .where('id', '=', 2)
      .execute();
    const en = (await get('/api/news/2', { 'x-locale': 'en-US' })).json().data;
    expect(en.title).toBe('Only a title in English');
    expect(en.summary).toBe(i18n['zh-CN'].summary);
    expect(en.body).toBe(i18n['zh-CN'].body);
  });

  it('links a news item to its neighbours', async () => {
    const list = (await get('/api/news?pageSize=3')).json().data.items;
    const middle = (await get(`/api/news/${list[1].id}`)).json().data;
    expect(middle.newer.id).toBe(list[0].id);
    expect(middle.older.id).toBe(list[2].id);
  });

  it('gives the 404 envelope in the request locale for a missing record and an unknown API path', async () => {
    const missing = await get('/api/news/999999', { 'x-locale': 'en-US' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 9404, msg: 'Page or record does not exist' });
    const unknown = await get('/api/nothing-here', { 'x-locale': 'zh-TW' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(9404);
    expect(unknown.json().msg).toBe('頁面或記錄不存在');
  });

  it('refuses bad paging with the validation envelope', async () => {
    const res = await get('/api/news?page=0', { 'x-locale': 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1000, msg: 'Parameter error', data: { fields: { page: { code: 1000 } } } });
    expect((await get('/api/news?category=gossip')).statusCode).toBe(400);
    expect((await get('/api/news/abc')).statusCode).toBe(400);
  });

  it('lists the jury with achievements in each locale', async () => {
    const zh = (await get('/api/jury')).json().data;
    const en = (await get('/api/jury', { 'x-locale': 'en-US' })).json().data;
    expect(zh.length).toBeGreaterThanOrEqual(6);
    expect(en[0].name).toBe('Lin Moran');
    expect(zh[0].name).toBe('林默然');
    expect(en[0].achievements.length).toBeGreaterThan(0);
    expect(en[0].photoUrl).toMatch(/^\/media\//);
  });

  it('lists and shows exhibitions', async () => {
    const list = (await get('/api/exhibitions')).json().data;
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect(list.page).toBe(1);
    const detail = (await get(`/api/exhibitions/${list.items[0].id}`, { 'x-locale': 'en-US' })).json().data;
    expect(detail.title).toBeTruthy();
    expect(detail.body).toContain('<p>');
    expect((await get('/api/exhibitions/424242')).statusCode).toBe(404);
  });

  it('lists sponsors with tiers and localized names', async () => {
    const en = (await get('/api/sponsors', { 'x-locale': 'en-US' })).json().data;
    expect(en.length).toBeGreaterThanOrEqual(6);
    expect(new Set(en.map((s: { tier: string }) => s.tier)).size).toBeGreaterThan(1);
    expect(en[0].name).toBe('Starlight Pictures Entertainment');
  });

  it('serves the editable pages in three locales, about us with a WeChat QR', async () => {
    for (const [locale, title] of [
      ['zh-CN', '关于我们'],
      ['zh-TW', '關於我們'],
      ['en-US', 'About Us'],
    ]) {
      const page = (await get('/api/pages/aboutUs', { 'x-locale': locale as string })).json().data;
      expect(page.title).toBe(title);
    }
    const about = (await get('/api/pages/aboutUs')).json().data;
    expect(about.extra.wechatQrUrl).toMatch(/\.png$/);
    expect((await get('/api/pages/eventDetails')).statusCode).toBe(200);
    expect((await get('/api/pages/specialThanks')).statusCode).toBe(200);
    expect((await get('/api/pages/secret')).statusCode).toBe(400);
  });

  it('lists downloadable templates whose files exist', async () => {
    const list = (await get('/api/templates', { 'x-locale': 'en-US' })).json().data;
    expect(list.map((x: { slug: string }) => x.slug)).toEqual(['entry-form', 'authorization-letter', 'copyright-commitment']);
    const file = await get(list[0].fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['content-disposition']).toBe('attachment');
  });

  it('reports the contest phases and the current one', async () => {
    const info = (await get('/api/contest')).json().data;
    // In date order: the demo's voting opens before its review does.
    expect(info.phases.map((p: { phase: string }) => p.phase)).toEqual(['registration', 'submission', 'voting', 'review', 'judging', 'awards']);
    expect(info.currentPhase).toBe('registration');
  });

  it('answers /api/currentUser with 401 and 1009 when nobody is signed in, 1008 for an unknown token', async () => {
    const none = await get('/api/currentUser');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(1009);
    const stale = await get('/api/currentUser', { authorization: 'Bearer not-a-real-token' });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe(1008);
  });

  it('seeds only once', async () => {
    const { seedDemoContent } = await import('../src/db/seed/index');
    const before = (await get('/api/news')).json().data.total;
    expect(await seedDemoContent(t.ctx)).toBe(false);
    expect((await get('/api/news')).json().data.total).toBe(before);
  });
});
