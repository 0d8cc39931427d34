import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestUser, DIALECTS, makeZip, openSubmissions, SMALL_PDF, startTestApp, type TestApp, useTestApp } from './factories';
import { beginUpload, type Client, listen, patch } from './submission-client';

/**
 * Review findings: tus's own 5xx answers and write failures leave as the envelope and are logged with their
 * cause; requests arriving during the shutdown drain get 9503 as the envelope; the upload rate limit keys no
 * session token in Redis.
 */

/** A write stream whose first write fails as a failing disk fails it (EIO). */
function failingStream(): Writable {
  return new Writable({
    write(_chunk, _encoding, done) {
      done(Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO', errno: -5, syscall: 'write' }));
    },
  });
}

describe.each(DIALECTS)('a tus PATCH whose write fails with EIO (%s)', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { logLevel: 'info' });
  let client: Client;

  beforeAll(async () => {
    const base = await openSubmissions(t);
    client = { base, token: (await createTestUser(t.ctx, { verified: true })).token };
  });

  it('answers a JSON envelope with a catalogued code and logs the cause once', async () => {
    const data = makeZip([{ name: 'letter.pdf', data: SMALL_PDF }]);
    const { location, id } = await beginUpload(client, 'empower', data, 'package.zip');

    const real = fs.createWriteStream;
    const spy = vi
      .spyOn(fs, 'createWriteStream')
      .mockImplementation(((file: fs.PathLike, options?: never) =>
        String(file).endsWith(id) ? failingStream() : real(file, options)) as typeof fs.createWriteStream);
    let res: Response;
    try {
      res = await patch(client, location, 0, data);
    } finally {
      spy.mockRestore();
    }
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/EIO|Something went wrong receiving the file/);
    expect(JSON.parse(text)).toEqual({ code: 2003, msg: 'Submit failed', data: { values: {} } });

    const logged = t.lines.filter((l) => l.level >= 50);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.msg).toBe('upload processing failed');
    const err = logged[0]?.err as { message?: string; stack?: string };
    expect(err.message).toMatch(/EIO/);
  });
});

/** Reads HTTP/1.1 answers off a raw socket until the server closes it. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (c: Buffer) => {
    received += c.toString();
  });
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, connected };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(DIALECTS)('a request arriving during the shutdown drain (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    // LOG_REQUESTS: the test waits for the first request's "incoming request" line.
    t = await startTestApp(dialect, { demoContent: false, requestLog: { everyRequest: true, slowMs: 0, slowLevel: 'warn' } }, { logLevel: 'info' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gets 503 with code 9503 and Retry-After on the kept-alive connection, while the request in flight finishes', async () => {
    const base = await listen(t);
    const port = Number(new URL(base).port);
    const { socket, closed, connected } = rawConnection(port);
    await connected;
    // Request 1: the headers and part of a login body; the request is in flight until the rest arrives.
    const body = JSON.stringify({ email: 'drain@example.test', password: 'Wr0ng!pass' });
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await until(() => t.lines.some((l) => l.msg === 'incoming request'), 'the first request to arrive');

    const closing = t.app.close();
    // preClose has run once the server stops listening.
    await until(() => !t.app.server.listening, 'the server to stop listening');
    // The rest of request 1, and request 2 on the same connection.
    socket.write(`${body.slice(10)}GET /api/news?page=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Locale: en-US\r\n\r\n`);
    const received = await closed;
    await closing;

    const answers = received.split(/(?=HTTP\/1\.1 \d{3} )/);
    expect(answers, received).toHaveLength(2);
    // Request 1 got its ordinary answer (an unknown account), not a cut connection.
    expect(answers[0]).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(answers[0]).toMatch(/"code":\d+/);
    // Request 2: the envelope, with Retry-After.
    const second = answers[1] as string;
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual({ code: 9503, msg: 'Service temporarily unavailable' });
    // A wait, not a fault: no error line for it.
    expect(t.lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('the upload rate limit on Redis (sqlite; needs TEST_REDIS_URL)', () => {
  const prefix = `mfc-test-review-${randomBytes(4).toString('hex')}`;
  const t = useTestApp('sqlite', { demoContent: false, redisUrl, redisPrefix: prefix });
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(redisUrl as string);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('keys the counter by a hash of the session token, never the token itself', async () => {
    const { token } = await createTestUser(t.ctx, { verified: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/credential',
      headers: { authorization: `Bearer ${token}` },
      payload: { purpose: 'cover', name: 'cover.png', size: 1000, type: 'image/png' },
    });
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.includes(token))).toEqual([]);
    const hashed = createHash('sha256').update(`Bearer ${token}`).digest('hex');
    expect(keys.some((k) => k.includes(hashed))).toBe(true);
  });
});
