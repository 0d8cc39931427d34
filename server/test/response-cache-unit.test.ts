import { describe, expect, it } from 'vitest';
import { encodedBody, pickEncoding, ResponseCache } from '../src/services/cache/response-cache';

const json = (body: string) => ({ type: 'application/json; charset=utf-8', body });

/** The cache's own rules, without a server: lifetimes on its clock, one computation per key, no stale write-back. */
describe('ResponseCache', () => {
  it('keeps an answer for its lifetime on its clock, then computes it again', async () => {
    const cache = new ResponseCache({ maxEntries: 10 });
    let now = 0;
    cache.now = () => now;
    let n = 0;
    const compute = async () => json(String(++n));
    expect((await cache.get('k', 1000, compute)).body.toString()).toBe('1');
    now = 999;
    expect((await cache.get('k', 1000, compute)).body.toString()).toBe('1');
    now = 1000;
    expect((await cache.get('k', 1000, compute)).body.toString()).toBe('2');
    // Lifetime 0: no cache at all.
    expect((await cache.get('z', 0, compute)).body.toString()).toBe('3');
    expect((await cache.get('z', 0, compute)).body.toString()).toBe('4');
  });

  it('computes once for concurrent misses of one key', async () => {
    const cache = new ResponseCache({ maxEntries: 10 });
    let n = 0;
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const compute = async () => {
      n++;
      await gate;
      return json('x');
    };
    const all = Promise.all(Array.from({ length: 50 }, () => cache.get('k', 1000, compute)));
    release();
    const answers = await all;
    expect(n).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('does not store an answer computed across a content change (the change wins)', async () => {
    const cache = new ResponseCache({ maxEntries: 10 });
    let content = 'old';
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = cache.get('k', 60_000, async () => {
      const read = content; // read before the write...
      await gate;
      return json(read); // ...answered after it
    });
    content = 'new';
    cache.invalidate();
    release();
    expect((await slow).body.toString()).toBe('old'); // that request got what it read
    expect((await cache.get('k', 60_000, async () => json(content))).body.toString()).toBe('new');
  });

  it('never stores a failure or an answer marked not to keep, and drops the oldest key past its size', async () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    await expect(cache.get('f', 1000, async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(cache.size).toBe(0);
    await cache.get('once', 1000, async () => ({ ...json('404'), status: 404, keep: false }));
    expect(cache.size).toBe(0);
    for (const k of ['a', 'b', 'c']) await cache.get(k, 1000, async () => json(k));
    expect(cache.size).toBe(2);
    let computed = false;
    await cache.get('a', 1000, async () => {
      computed = true;
      return json('a');
    });
    expect(computed).toBe(true);
  });

  it('tells its listener about its own invalidations, not about ones that came from elsewhere', () => {
    let told = 0;
    const cache = new ResponseCache({ maxEntries: 2, onInvalidate: () => told++ });
    cache.invalidate();
    cache.invalidate(false);
    expect(told).toBe(1);
    expect(cache.generation).toBe(2);
  });

  it('picks brotli, then gzip, as the client accepts them, and compresses each answer once', async () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeUndefined();
    const cache = new ResponseCache({ maxEntries: 2 });
    const big = await cache.get('big', 1000, async () => json('x'.repeat(5000)));
    const br = encodedBody(big, 'br');
    expect(br.encoding).toBe('br');
    expect(encodedBody(big, 'br').body).toBe(br.body);
    const small = await cache.get('small', 1000, async () => json('{}'));
    expect(encodedBody(small, 'br')).toEqual({ body: small.body, encoding: undefined });
  });
});
