import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, freePort, logSink, startAppOn, startTestApp, type TestApp, type TestDatabase } from './factories';

/**
 * Fault drill: the database becomes unreachable while the app serves. The shared PostgreSQL is never
 * stopped: the app talks to it through a TCP proxy the test cuts and restores.
 */
type Proxy = { port: number; cut: () => Promise<void>; restore: () => Promise<void>; close: () => Promise<void> };

async function startProxy(target: { host: string; port: number }): Promise<Proxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const stop = async () => {
    const s = server;
    server = undefined;
    for (const sock of sockets) sock.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();
  return { port, cut: stop, restore: listen, close: stop };
}

const login = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'someone@example.test', password: 'Passw0rd!x' }, headers: { 'x-locale': 'en-US' } });
/** A read that reaches the database: the cached answer (plugins/response-cache.ts) is dropped first. */
const news = (app: FastifyInstance) => {
  app.responseCache.invalidate();
  return app.inject({ method: 'GET', url: '/api/news?page=1', headers: { 'x-locale': 'en-US' } });
};
const vote = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/gallery/entries/1/vote', payload: {}, remoteAddress: '203.0.113.9' });

describe.skipIf(!process.env.TEST_DATABASE_URL)('database outage on postgres (through a TCP proxy)', () => {
  let db: TestDatabase;
  let proxy: Proxy;
  let t: TestApp;
  let app: FastifyInstance;
  const log = logSink();

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    const real = new URL(db.url);
    proxy = await startProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(db.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    t = await startAppOn({ url: viaProxy.toString(), dataDir: db.dataDir }, { demoContent: false }, { logLevel: 'info', logSink: log });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await db?.drop();
  });

  it('answers 503 (9503, Retry-After) while it is gone, logs one line, and recovers without a restart', async () => {
    expect((await news(app)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await proxy.cut();
    for (let i = 0; i < 5; i++) {
      for (const res of [await news(app), await login(app), await vote(app)]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ code: 9503 });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    const notReady = await app.inject({ method: 'GET', url: '/readyz', headers: { 'x-locale': 'en-US' } });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ code: 9503, msg: 'Service temporarily unavailable', data: { checks: { database: false } } });
    expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);

    // One line for the outage, not one stack per request.
    const warned = log.lines.filter((l) => /database unreachable/.test(l.msg));
    expect(warned).toHaveLength(1);
    expect(warned[0]?.level).toBe(40);
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(log.lines.filter((l) => JSON.stringify(l).includes('    at '))).toEqual([]);

    await proxy.restore();
    let ready = 0;
    for (let i = 0; i < 50 && ready !== 200; i++) {
      ready = (await app.inject({ method: 'GET', url: '/readyz' })).statusCode;
      if (ready !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready).toBe(200);
    expect((await news(app)).statusCode).toBe(200);
    expect((await login(app)).json().code).toBe(1005); // a real answer from the database again: no such account
    const recovered = log.lines.filter((l) => /database reachable again/.test(l.msg));
    expect(recovered).toHaveLength(1);
    expect(recovered[0]?.level).toBe(30);
  }, 60_000);
});

describe.each(DIALECTS)('health endpoints (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { demoContent: false });
  });
  afterAll(async () => t?.close());

  it('GET /livez and /readyz answer 200 while the database answers', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ code: 0 });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 0, data: { checks: { database: true } } });
  });
});

describe('readiness with REDIS_URL', () => {
  it('answers 503 naming redis when Redis does not answer PING (the database still does)', async () => {
    const t = await startTestApp('sqlite', { demoContent: false, redisUrl: `redis://127.0.0.1:${await freePort()}` });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'x-locale': 'zh-TW' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 9503, msg: '服務暫時無法使用', data: { checks: { database: true, redis: false }, failed: ['redis'] } });
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 30_000);

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'answers 200 when Redis answers PING',
    async () => {
      const t = await startTestApp('sqlite', { demoContent: false, redisUrl: process.env.TEST_REDIS_URL });
      try {
        let res = await t.app.inject({ method: 'GET', url: '/readyz' });
        // The health check's own connection may still be opening right after start.
        for (let i = 0; i < 25 && res.statusCode !== 200; i++) {
          await new Promise((r) => setTimeout(r, 200));
          res = await t.app.inject({ method: 'GET', url: '/readyz' });
        }
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ code: 0, data: { checks: { database: true, redis: true } } });
      } finally {
        await t.close();
      }
    },
    30_000,
  );
});
