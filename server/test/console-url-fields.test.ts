import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, startTestApp, type TestApp } from './factories';

/** Addresses that must never reach a link, an image, a video or the QR: scripts, documents, other hosts, local files. */
const BAD_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  'file:///etc/passwd',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  '/\\evil.example/x',
  '/\t/evil.example/x',
];

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers and assert on it.
type Json = any;

describe.each(DIALECTS)('console URL fields accept only http(s) and site paths (%s)', (dialect) => {
  let t: TestApp;
  let admin: { token: string };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await createTestUser(t.ctx, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, 'x-locale': 'en-US' }, ...(payload ? { payload } : {}) });
  const read = async (url: string): Promise<Json> => (await api('GET', url)).json().data;

  const valid = {
    sponsors: {
      logoUrl: '/media/seed/sponsor-1.png',
      link: 'https://sponsor.example/',
      tier: 'partner',
      sort: 0,
      i18n: { 'zh-CN': { name: '赞助商' }, 'zh-TW': {}, 'en-US': {} },
    },
    news: {
      category: 'announcement',
      coverUrl: '/media/seed/news-1.jpg',
      publishedAt: new Date().toISOString(),
      status: 'published',
      sort: 0,
      i18n: { 'zh-CN': { title: '新闻', summary: '', body: '' }, 'zh-TW': {}, 'en-US': {} },
    },
    exhibitions: {
      coverUrl: '/media/seed/exhibition-1.jpg',
      mediaUrl: 'http://video.example/film.mp4',
      publishedAt: new Date().toISOString(),
      sort: 0,
      i18n: { 'zh-CN': { title: '展映', summary: '', body: '' }, 'zh-TW': {}, 'en-US': {} },
    },
    templates: {
      slug: 'url-test',
      fileUrl: '/media/templates/form.pdf',
      fileName: 'form.pdf',
      sort: 0,
      i18n: { 'zh-CN': { title: '模板' }, 'zh-TW': {}, 'en-US': {} },
    },
  } as const;
  // One URL field of each kind: a sponsor's link, a content image, a video address, a template's file.
  const targets = [
    ['sponsors', 'link'],
    ['news', 'coverUrl'],
    ['exhibitions', 'mediaUrl'],
    ['templates', 'fileUrl'],
  ] as const;

  it('accepts https, http and site paths', async () => {
    for (const [kind] of targets) {
      const res = await api('POST', `/api/admin/content/${kind}`, valid[kind]);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
      ids[kind] = res.json().data.id;
    }
    const identity = await read('/api/admin/identity');
    const saved = await api('PUT', '/api/admin/identity', { ...identity, wechatQrUrl: 'https://cdn.example/qr.png' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read('/api/admin/identity')).wechatQrUrl).toBe('https://cdn.example/qr.png');
  });

  it.each(targets)('refuses every bad scheme in %s.%s with 6040, on create and on edit, and stores nothing', async (kind, field) => {
    const id = ids[kind] as number;
    const before = await read(`/api/admin/content/${kind}/${id}`);
    const total = (await read(`/api/admin/content/${kind}?pageSize=100`)).total;
    for (const bad of BAD_URLS) {
      const created = await api('POST', `/api/admin/content/${kind}`, { ...valid[kind], slug: 'url-test-2', [field]: bad });
      expect([created.statusCode, created.json().code, created.json().data?.fields?.[field]?.code], JSON.stringify(bad)).toEqual([400, 6040, 6040]);
      expect(created.json().msg).toBe('Only http(s) addresses or site paths (starting with /) are allowed');
      const edited = await api('PUT', `/api/admin/content/${kind}/${id}`, { ...before, [field]: bad });
      expect([edited.statusCode, edited.json().code], JSON.stringify(bad)).toEqual([400, 6040]);
    }
    expect(await read(`/api/admin/content/${kind}/${id}`)).toEqual(before);
    expect((await read(`/api/admin/content/${kind}?pageSize=100`)).total).toBe(total);
  });

  it('refuses every bad scheme as the WeChat QR, in the identity and in the About us page, and keeps the stored one', async () => {
    const identity = await read('/api/admin/identity');
    const about = await read('/api/admin/pages/aboutUs');
    for (const bad of BAD_URLS) {
      const res = await api('PUT', '/api/admin/identity', { ...identity, wechatQrUrl: bad });
      expect([res.statusCode, res.json().code, res.json().data?.fields?.wechatQrUrl?.code], JSON.stringify(bad)).toEqual([400, 6040, 6040]);
      const page = await api('PUT', '/api/admin/pages/aboutUs', { i18n: about.i18n, extra: { ...about.extra, wechatQrUrl: bad } });
      expect([page.statusCode, page.json().code], JSON.stringify(bad)).toEqual([400, 6040]);
    }
    expect(await read('/api/admin/identity')).toEqual(identity);
    expect(await read('/api/admin/pages/aboutUs')).toEqual(about);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/site/identity' })).json().data;
    expect(pub.wechatQrUrl).toBe('https://cdn.example/qr.png');
  });
});
