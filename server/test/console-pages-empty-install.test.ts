import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrations } from '../src/db/migrations/index';
import { createTestDatabase, createTestUser, DIALECTS, startAppOn, useTestApp } from './factories';

/**
 * The organiser's pages on a contest started without the demo: nothing is seeded, so every page starts
 * unwritten, and the organiser writes, publishes and unpublishes it through the console API.
 */
describe.each(DIALECTS)('organiser pages on an empty install on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false });

  const admin = async () => (await createTestUser(t.ctx, { role: 'admin' })).token;
  const console_ = (token: string) => (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const visitor = async (slug: string, locale: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/pages/${slug}`, headers: { 'x-locale': locale } });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('answers every unwritten page with an empty draft in the console and an empty page for visitors', async () => {
    const api = console_(await admin());
    for (const slug of ['eventDetails', 'aboutUs', 'specialThanks', 'privacy']) {
      const res = await api('GET', `/api/admin/pages/${slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ slug, i18n: {}, extra: {}, updatedAt: null, published: false, publishedAt: null });
      for (const locale of ['zh-CN', 'zh-TW', 'en-US']) expect(await visitor(slug, locale)).toEqual({ slug, published: false, title: '', body: '', extra: {} });
    }
    const list = (await api('GET', '/api/admin/pages')).json().data as { slug: string; published: boolean }[];
    expect(list.map((p) => [p.slug, p.published])).toEqual([
      ['eventDetails', false],
      ['aboutUs', false],
      ['specialThanks', false],
      // Unwritten, the site shows its built-in privacy notice (web); the API says there is no organiser's one.
      ['privacy', false],
    ]);
  });

  it('saves a draft visitors do not see, publishes it, edits it, unpublishes it', async () => {
    const api = console_(await admin());
    const texts = {
      'zh-CN': { title: '关于我们', body: '<p>我们是网络安全宣传周的组织者</p>' },
      'zh-TW': {},
      'en-US': { title: 'About us', body: '<p>We organise the cyber security week.</p>' },
    };
    const saved = await api('PUT', '/api/admin/pages/aboutUs', { i18n: texts, extra: {} });
    expect(saved.statusCode).toBe(200);
    const draft = saved.json().data;
    expect(draft.published).toBe(false);
    expect(draft.publishedAt).toBeNull();
    expect(typeof draft.updatedAt).toBe('string');
    // zh-TW left empty: filled from zh-CN by OpenCC and marked as converted.
    expect(draft.i18n['zh-TW']).toEqual({ title: '關於我們', body: '<p>我們是網路安全宣傳週的組織者</p>', _converted: ['title', 'body'] });
    expect((await visitor('aboutUs', 'zh-CN')).published).toBe(false);
    expect((await visitor('aboutUs', 'zh-CN')).body).toBe('');

    const published = await api('POST', '/api/admin/pages/aboutUs/publish', { published: true });
    expect(published.statusCode).toBe(200);
    expect(published.json().data.published).toBe(true);
    expect(await visitor('aboutUs', 'zh-CN')).toEqual({ slug: 'aboutUs', published: true, title: '关于我们', body: texts['zh-CN'].body, extra: {} });
    expect(await visitor('aboutUs', 'zh-TW')).toMatchObject({ published: true, title: '關於我們', body: '<p>我們是網路安全宣傳週的組織者</p>' });
    expect(await visitor('aboutUs', 'en-US')).toMatchObject({ published: true, title: 'About us', body: texts['en-US'].body });

    // An edit of a published page shows at once and keeps it published; the converted zh-TW follows zh-CN.
    const edited = await api('PUT', '/api/admin/pages/aboutUs', {
      i18n: { ...draft.i18n, 'zh-CN': { title: '关于主办方', body: '<p>欢迎联系</p>' } },
      extra: {},
    });
    expect(edited.json().data.published).toBe(true);
    expect(await visitor('aboutUs', 'zh-TW')).toMatchObject({ published: true, title: '關於主辦方', body: '<p>歡迎聯絡</p>' });

    const unpublished = await api('POST', '/api/admin/pages/aboutUs/publish', { published: false });
    expect(unpublished.json().data).toMatchObject({ published: false, publishedAt: null });
    expect(await visitor('aboutUs', 'en-US')).toEqual({ slug: 'aboutUs', published: false, title: '', body: '', extra: {} });
    // The texts are kept for the next publish.
    expect((await api('GET', '/api/admin/pages/aboutUs')).json().data.i18n['zh-CN'].title).toBe('关于主办方');
  });

  it('refuses to publish a page never written, and writes nothing', async () => {
    const api = console_(await admin());
    const res = await api('POST', '/api/admin/pages/specialThanks/publish', { published: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(6060);
    expect((await api('GET', '/api/admin/pages/specialThanks')).json().data).toMatchObject({ updatedAt: null, published: false });
  });

  it('refuses a page without a Simplified Chinese title, an unknown page and a bad publish flag, and writes nothing', async () => {
    const api = console_(await admin());
    const noTitle = await api('PUT', '/api/admin/pages/eventDetails', {
      i18n: { 'zh-CN': { title: '  ', body: '<p>x</p>' }, 'zh-TW': {}, 'en-US': {} },
      extra: {},
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().code).toBe(6006);
    const unsafeQr = await api('PUT', '/api/admin/pages/eventDetails', {
      i18n: { 'zh-CN': { title: '详情' }, 'zh-TW': {}, 'en-US': {} },
      extra: { wechatQrUrl: 'javascript:alert(1)' },
    });
    expect(unsafeQr.statusCode).toBe(400);
    expect(unsafeQr.json().code).toBe(6040);
    const unknown = await api('PUT', '/api/admin/pages/rules', { i18n: { 'zh-CN': { title: '规则' }, 'zh-TW': {}, 'en-US': {} }, extra: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(1000);
    const badFlag = await api('POST', '/api/admin/pages/eventDetails/publish', { published: 'yes' });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().code).toBe(1000);
    expect((await api('GET', '/api/admin/pages/eventDetails')).json().data).toEqual({
      slug: 'eventDetails',
      i18n: {},
      extra: {},
      updatedAt: null,
      published: false,
      publishedAt: null,
    });
    expect((await visitor('eventDetails', 'zh-CN')).published).toBe(false);
  });

  it('keeps the pages to organisers: a visitor cannot read a draft or publish', async () => {
    const user = await createTestUser(t.ctx);
    const res = await console_(user.token)('POST', '/api/admin/pages/aboutUs/publish', { published: true });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/pages/aboutUs' });
    expect(anon.statusCode).toBe(401);
  });
});

describe.each(DIALECTS)('organiser pages of the demo contest on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('are published: the seeded texts reach visitors', async () => {
    for (const slug of ['eventDetails', 'aboutUs', 'specialThanks']) {
      const page = (await t.app.inject({ method: 'GET', url: `/api/pages/${slug}`, headers: { 'x-locale': 'en-US' } })).json().data;
      expect(page.published).toBe(true);
      expect(page.title).not.toBe('');
    }
  });
});

describe.each(DIALECTS)('pages written before the publish switch on %s', (dialect) => {
  it('stay published after migration 0020', async () => {
    const made = await createTestDatabase(dialect);
    const { db } = openDatabase(made.url);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('0018_results_mailings');
      expect(before.error).toBeUndefined();
      await sql`insert into pages (slug, i18n, extra, updated_at) values ('aboutUs', ${JSON.stringify({ 'zh-CN': { title: '关于', body: '<p>旧页面</p>' } })}, '{}', '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
    } finally {
      await db.destroy();
    }
    const t = await startAppOn(made, { demoContent: false });
    try {
      const page = (await t.app.inject({ method: 'GET', url: '/api/pages/aboutUs' })).json().data;
      expect(page).toMatchObject({ published: true, title: '关于', body: '<p>旧页面</p>' });
      const draft = (await t.app.inject({ method: 'GET', url: '/api/pages/specialThanks' })).json().data;
      expect(draft.published).toBe(false);
    } finally {
      await t.close();
      await made.drop();
    }
  });
});
