import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, newEntrant, openSubmissions, startTestApp, submitEntry, type TestApp } from './factories';

type Block = { queries: { key: unknown[]; data: Record<string, unknown>; stale?: boolean }[] };
const dataBlock = (html: string): Block | null => {
  const m = /<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1] as string) as Block) : null;
};

/**
 * The entry page a shared poster opens carries the entry in its HTML (title, team, votes: the first screen
 * paints without an API round trip), as an anonymous visitor sees it and marked stale, so the app asks the API
 * at once for what depends on the visitor (voted, the viewed cookie). Walked with an entry submitted through
 * the API and approved in the console.
 */
describe.each(DIALECTS)('entry page first load on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('puts the approved entry into its page, equal to the anonymous API answer; a pending entry is a 404 without it', async () => {
    const entry = await submitEntry(await newEntrant(t, await openSubmissions(t)));
    const pending = await get(`/en-US/gallery/${entry.id}`);
    expect(pending.statusCode).toBe(404);
    expect(dataBlock(pending.body)?.queries.map((q) => q.key)).toEqual([['identity', 'en-US']]);

    const admin = await createTestUser(t.ctx, { role: 'admin' });
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/entries/${entry.id}/approve`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(approved.statusCode).toBe(200);

    const page = await get(`/en-US/gallery/${entry.id}`);
    expect(page.statusCode).toBe(200);
    const api = (await get(`/api/gallery/entries/${entry.id}`, { 'x-locale': 'en-US' })).json().data;
    expect(api.voted).toBe(false);
    const shown = dataBlock(page.body)?.queries.find((q) => q.key[0] === 'gallery-entry');
    expect(shown).toEqual({ key: ['gallery-entry', 'en-US', entry.id], data: api, stale: true });
    expect(shown?.data.title).toBe(entry.title);
  }, 120_000);
});
