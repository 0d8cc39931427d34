import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, newEntrant, openSubmissions, publishedNews, submitEntry, useTestApp } from './factories';
import { type VoteCheck, voteCheck } from './helpers/vote-check';

/** The page's own <noscript> copy, in the body (the head has one of its own: the phone menu's style). */
const noscript = (html: string): string | null => /<body[\s\S]*?<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? null;
const links = (block: string) => [...block.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);

/**
 * With JavaScript off (a visitor, a crawler, a link-preview bot) the page's HTML still carries its text and
 * links: the menu, the page's content as the API shows it (approved entries only, counts as the organiser
 * shows them), the footer. Entries are submitted through the API and approved in the console, the news item
 * posted in the console; every stored text goes through the escaper.
 */
describe.each(DIALECTS)('pages without JavaScript on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { timeout: 120_000 });
  let vc: VoteCheck;
  let approved: number;
  let pending: number;
  let newsId: number;
  const stamp = `${dialect}-${Date.now().toString(36)}`;
  const entryTitle = `Film <b>${stamp}</b>`;
  const pendingTitle = `Pending ${stamp}`;
  const newsTitle = `News <script>alert(1)</script> ${stamp}`;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    vc = await voteCheck(t);
    const base = await openSubmissions(t);
    approved = (await submitEntry(await newEntrant(t, base), { form: { title: entryTitle, team: `Team & ${stamp}` } })).id;
    expect((await vc.admin('POST', `/api/admin/entries/${approved}/approve`)).statusCode).toBe(200);
    pending = (await submitEntry(await newEntrant(t, base), { form: { title: pendingTitle } })).id;
    await vc.openVoting();
    await vc.vote(approved, '198.51.100.7');
    const posted = await vc.admin('POST', '/api/admin/content/news', publishedNews(newsTitle, `新闻 ${stamp}`));
    expect(posted.json().code, posted.body).toBe(0);
    newsId = posted.json().data.id;
  }, 120_000);

  it('home: the menu in the locale with prefixed links, the site name, the news and the films, escaped', async () => {
    const res = await get('/en-US/home');
    expect(res.statusCode).toBe(200);
    const block = noscript(res.body) as string;
    expect(block).toBeTruthy();
    // Right after the app's root element, once.
    expect(res.body.split('<body')[1]?.match(/<noscript>/g)).toHaveLength(1);
    expect(block).toContain('<a href="/en-US/gallery">Gallery &amp; Vote</a>');
    expect(block).toContain('<a href="/en-US/events">Contest News</a>');
    expect(links(block)).toContain('/en-US/home');
    expect(block).toContain(`<a href="/en-US/events/${newsId}">News &lt;script&gt;alert(1)&lt;/script&gt; ${stamp}</a>`);
    expect(links(block)).toContain(`/en-US/gallery/${approved}`);
    expect(block).toContain(`Film &lt;b&gt;${stamp}&lt;/b&gt;`);
    expect(block).toMatch(/class="nojs-footer"><p>© \d{4} /);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain(`<b>${stamp}`);
    // A bare URL keeps bare links, in the visitor's language.
    const bare = noscript((await t.app.inject({ url: '/home', headers: { 'accept-language': 'zh-CN' } })).body) as string;
    expect(bare).toContain('<a href="/gallery">作品展示与投票</a>');
  });

  it('gallery and an approved entry: title, team, count and links; a pending entry is the 404 content', async () => {
    const list = noscript((await get('/en-US/gallery')).body) as string;
    expect(list).toContain(`<a href="/en-US/gallery/${approved}" lang="en-US">Film &lt;b&gt;${stamp}&lt;/b&gt;</a>`);
    expect(list).toContain(`Team &amp; ${stamp}`);
    expect(list).toContain('1 vote');
    expect(list).not.toContain(pendingTitle);

    const page = await get(`/en-US/gallery/${approved}`);
    expect(page.statusCode).toBe(200);
    const entry = noscript(page.body) as string;
    expect(entry).toContain(`<h1 lang="en-US">Film &lt;b&gt;${stamp}&lt;/b&gt;</h1>`);
    expect(entry).toContain('A grandmother receives a call');
    expect(entry).toContain('1 vote');
    expect(links(entry)).toContain('/en-US/gallery');

    const hidden = await get(`/en-US/gallery/${pending}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(pendingTitle);
    expect(noscript(hidden.body)).toContain('Page does not exist');
  });

  it('a news item: its title and body', async () => {
    const res = await get(`/en-US/events/${newsId}`);
    expect(res.statusCode).toBe(200);
    const block = noscript(res.body) as string;
    expect(block).toContain(`<h1>News &lt;script&gt;alert(1)&lt;/script&gt; ${stamp}</h1>`);
    expect(block).toContain('<p>b</p>');
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('is cached with the page and dropped with the content; hidden counts stay out of it', async () => {
    const first = await get('/en-US/home');
    expect((await get('/en-US/home')).headers.etag).toBe(first.headers.etag);
    const later = `Later ${stamp}`;
    expect((await vc.admin('POST', '/api/admin/content/news', publishedNews(later, `后来 ${stamp}`))).json().code).toBe(0);
    expect(noscript((await get('/en-US/home')).body)).toContain(later);

    const current = (await vc.admin('GET', '/api/admin/settings')).json().data;
    const set = await vc.admin('PUT', '/api/admin/settings', { ...current, organiserEmail: 'organiser@contest.test', countDisplay: 'hidden' });
    expect(set.json().code, set.body).toBe(0);
    for (const url of ['/en-US/home', '/en-US/gallery', `/en-US/gallery/${approved}`]) {
      const html = (await get(url)).body;
      expect(html, url).not.toMatch(/\d+ votes?\b/);
      expect(noscript(html), url).toContain(url === '/en-US/home' ? 'Film &lt;b&gt;' : 'Vote counts are shown when voting closes');
    }
  });

  it('a list asked for with ?page=N shows that page and links the next one', async () => {
    for (let i = 0; i < 11; i++) {
      expect((await vc.admin('POST', '/api/admin/content/news', publishedNews(`Bulk ${i} ${stamp}`, `批量 ${i}`))).json().code).toBe(0);
    }
    const first = noscript((await get('/en-US/events')).body) as string;
    expect(first).toContain('<a href="/en-US/events?page=2">Next page</a>');
    const second = noscript((await get('/en-US/events?page=2')).body) as string;
    expect(second).toContain(`News &lt;script&gt;alert(1)&lt;/script&gt; ${stamp}`);
    expect(second).not.toContain(`Bulk 10 ${stamp}`);
    expect(noscript((await get('/en-US/events?page=2&x=1')).body)).toContain(`Bulk 10 ${stamp}`);
  });
});
