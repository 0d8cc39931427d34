import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/context';
import { createTestDatabase, type TestDatabase, testContext } from './factories';

/**
 * Back-pressure: a handler that blocks the event loop past the threshold makes the requests
 * answer 503 with Retry-After and 9510 (in the visitor's language), while /livez still answers.
 */
describe('under pressure', () => {
  let db: TestDatabase;
  let ctx: AppContext;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let blocking = true;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    ctx = await testContext(db, { pressure: { maxEventLoopDelayMs: 100, maxHeapUsedBytes: 0, retryAfterSeconds: 7, sampleIntervalMs: 100 } });
    app = await buildApp(ctx);
    // The test's own handler: holds the event loop 300 ms at a time, letting other requests in between, as a
    // runaway computation would, until the test has seen what it came for (a bound keeps a failing test finite).
    app.get('/test/block', async () => {
      for (let round = 0; blocking && round < 200; round++) {
        const until = Date.now() + 300;
        while (Date.now() < until);
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { blocked: true };
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await ctx?.db.destroy();
    await db?.drop();
  });

  it('answers 503 + Retry-After with 9510 after the event loop was blocked; /livez keeps answering', async () => {
    const news = () => app.inject({ url: '/api/news', headers: { 'x-locale': 'en-US' } });
    expect((await news()).statusCode).toBe(200);
    const block = app.inject({ url: '/test/block' });
    // Both requests of a pair are answered between the same two samples.
    let pair: Awaited<ReturnType<typeof news>>[] = [];
    await expect
      .poll(
        async () => {
          pair = await Promise.all([news(), app.inject({ url: '/livez' })]);
          return pair[0]?.statusCode;
        },
        { timeout: 20_000 },
      )
      .toBe(503);
    blocking = false;
    expect((await block).statusCode).toBe(200);
    const [refused, live] = pair;
    expect(refused?.headers['retry-after']).toBe('7');
    expect(refused?.json()).toEqual({ code: 9510, msg: 'The server is busy, please try again in a moment' });
    expect(live?.statusCode).toBe(200);
    // Once the loop is free again, the next samples lift the pressure.
    await expect.poll(async () => (await news()).statusCode, { timeout: 20_000 }).toBe(200);
  }, 60_000);
});
