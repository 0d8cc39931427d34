import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, publishedNews, startAppOn, startTestApp, type TestApp } from './factories';

const redisUrl = process.env.TEST_REDIS_URL;

/** Waits (bounded) until `done()` holds; the assertion is on the state, never on how long it took. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}

/**
 * Two processes of one site (here two apps on one database) share invalidations over Redis pub/sub: a
 * console write on one shows at the other's next read without waiting for its cache lifetime; another
 * site (another REDIS_PREFIX) is not told. Runs when TEST_REDIS_URL is set.
 */
describe.skipIf(!redisUrl)('response cache invalidation through Redis (sqlite; needs TEST_REDIS_URL)', () => {
  const prefix = `cache-test-${process.pid}-${Date.now()}`;
  let a: TestApp;
  let b: TestApp;
  let other: TestApp;
  let admin: { token: string };

  beforeAll(async () => {
    a = await startTestApp('sqlite', { redisUrl, redisPrefix: prefix });
    b = await startAppOn(a.db, { redisUrl, redisPrefix: prefix });
    other = await startTestApp('sqlite', { redisUrl, redisPrefix: `${prefix}-other` });
    for (const app of [a, b, other]) app.app.responseCache.now = () => 0; // lifetimes never run out here
    admin = await createTestUser(a.ctx, { role: 'admin' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await other?.close();
  });

  it("a console write on one process drops the other's cached answers", async () => {
    const list = async (app: TestApp) =>
      (await app.app.inject({ url: '/api/news?page=1', headers: { 'x-locale': 'en-US' } })).json().data.items as { title: string }[];
    await list(b);
    await list(other);
    const [gb, gOther] = [b.app.responseCache.generation, other.app.responseCache.generation];
    const title = 'Told over Redis';
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/admin/content/news',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: publishedNews(title, '经 Redis 通知'),
    });
    expect(res.statusCode).toBe(200);
    await until(() => b.app.responseCache.generation > gb);
    expect((await list(b))[0]?.title).toBe(title);
    // The other site's process heard nothing (its own database does not have the news either way).
    expect(other.app.responseCache.generation).toBe(gOther);
  });
});
