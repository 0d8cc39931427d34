import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './factories';

const PRODUCTION_LOG = { everyRequest: false, slowMs: 40, slowLevel: 'warn' as const };

/** A request body that arrives in two parts, `ms` apart: the request lasts at least that long. */
function slowBody(ms: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent++ === 0) this.push('{"name":');
      else setTimeout(() => this.push(null), ms);
    },
  });
}

/** What the log says about requests: nothing per request by default; errors and slow ones, with the request id. */
describe('request log', () => {
  let t: TestApp;
  let chatty: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { requestLog: PRODUCTION_LOG }, { logLevel: 'info' });
    chatty = await startTestApp('sqlite', { requestLog: { ...PRODUCTION_LOG, everyRequest: true } }, { logLevel: 'info' });
  });
  afterAll(async () => {
    await t?.close();
    await chatty?.close();
  });
  const aboutRequests = (app: TestApp) => app.lines.filter((l) => l.reqId !== undefined);

  it('writes no line for ordinary requests, at info level, unless LOG_REQUESTS asks for them', async () => {
    for (const url of ['/api/news?page=1', '/api/gallery?page=1', '/home', '/api/currentUser', '/api/no-such-thing']) {
      await t.app.inject({ url });
      await chatty.app.inject({ url });
    }
    // Info and below: nothing (a request that took long on this shared machine may have written a warning).
    expect(aboutRequests(t).filter((l) => l.level <= 30)).toEqual([]);
    expect(aboutRequests(chatty).filter((l) => l.msg === 'request completed').length).toBe(5);
  });

  it('writes an error with the request id', async () => {
    const db = t.ctx.db;
    const selectFrom = db.selectFrom;
    db.selectFrom = (() => {
      throw new Error('the disk is on fire');
    }) as typeof selectFrom;
    try {
      const res = await t.app.inject({ url: '/api/news?page=7' });
      expect(res.statusCode).toBe(500);
    } finally {
      db.selectFrom = selectFrom;
    }
    const error = aboutRequests(t).find((l) => l.level === 50);
    expect(error?.reqId).toEqual(expect.any(String));
    expect(JSON.stringify(error)).toContain('the disk is on fire');
  });

  it('writes a slow request at the configured level with its id, route, status and time', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact?token=s3cret',
      headers: { 'content-type': 'application/json' },
      payload: slowBody(60),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400); // a bad body; the time is what counts here
    const slow = aboutRequests(t).find((l) => l.msg === 'slow request' && l.route === '/api/contact');
    expect(slow).toMatchObject({ level: 40, route: '/api/contact', method: 'POST', status: res.statusCode, reqId: expect.any(String) });
    expect(slow?.ms).toBeGreaterThanOrEqual(PRODUCTION_LOG.slowMs);
    // The URL is logged without the query's values.
    expect(JSON.stringify(slow)).not.toContain('s3cret');
  });
});
