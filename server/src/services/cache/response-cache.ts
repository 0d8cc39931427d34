import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/** A serialized answer, shared by every request that asks for the same key while it is fresh. */
export type CachedAnswer = {
  status: number;
  type: string;
  /** The uncompressed body. */
  body: Buffer;
  /** Weak: the br/gzip forms are the same representation, so one tag serves all three. */
  etag: string;
  /** Anything the route needs besides the body (e.g. the voting rule an entry's "voted" is computed with). */
  meta?: unknown;
  /** Compressed forms, made the first time a client asks for them. */
  br?: Buffer;
  gzip?: Buffer;
  /** Set when the answer is kept: the generation it belongs to and when it goes stale (the fast path's validity). */
  kept?: { gen: number; expires: number };
};

/** What a route computes on a miss. */
export type FreshAnswer = { status?: number; type: string; body: string | Buffer; meta?: unknown /** false: serve this once, keep nothing. */; keep?: boolean };

type Slot = { gen: number; expires: number; answer?: CachedAnswer; pending?: Promise<CachedAnswer> };

export type ResponseCacheOptions = {
  /** Most keys held; the oldest goes first (lifetimes are seconds, so first in, first out is enough). */
  maxEntries: number;
  /** Told whenever this cache drops everything (e.g. to publish it to the other processes). */
  onInvalidate?: () => void;
};

/** Below this a compressed body saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;

export function answerOf(fresh: FreshAnswer): CachedAnswer {
  const body = typeof fresh.body === 'string' ? Buffer.from(fresh.body) : fresh.body;
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { status: fresh.status ?? 200, type: fresh.type, body, etag, meta: fresh.meta };
}

/**
 * Public answers kept in memory, per key (route + query + locale), each for its own lifetime. A change of
 * content drops them all at once: `invalidate()` moves the generation on, and an answer computed under an
 * older generation is neither served nor stored (a read that raced a write cannot put the old content
 * back). Concurrent misses of one key share one computation. Failures (thrown) are never stored.
 */
export class ResponseCache {
  /** The clock; tests replace it rather than sleep. */
  now: () => number = Date.now;
  private readonly slots = new Map<string, Slot>();
  private gen = 0;

  constructor(private readonly opts: ResponseCacheOptions) {}

  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.slots.size;
  }

  /** Drops every answer; `local`: the change came from another process, so it is not announced again. */
  invalidate(local = true): void {
    this.gen++;
    this.slots.clear();
    if (local) this.opts.onInvalidate?.();
  }

  /** The answer for `key`, computed by `compute` when missing or older than `ttlMs` (0: never stored). */
  async get(key: string, ttlMs: number, compute: () => Promise<FreshAnswer>): Promise<CachedAnswer> {
    if (ttlMs <= 0) return answerOf(await compute());
    const now = this.now();
    const slot = this.slots.get(key);
    if (slot && slot.gen === this.gen) {
      if (slot.answer && slot.expires > now) return slot.answer;
      if (slot.pending) return slot.pending;
    }
    const gen = this.gen;
    let keep = true;
    const pending = compute().then((f) => {
      keep = f.keep !== false;
      return answerOf(f);
    });
    const fresh: Slot = { gen, expires: 0, pending };
    this.store(key, fresh);
    try {
      const answer = await pending;
      if (!keep && this.slots.get(key) === fresh) this.slots.delete(key);
      // Stored only if nothing changed meanwhile and the slot is still this computation's.
      else if (this.gen === gen && this.slots.get(key) === fresh) {
        fresh.answer = answer;
        fresh.expires = this.now() + ttlMs;
        fresh.pending = undefined;
        answer.kept = { gen, expires: fresh.expires };
      }
      return answer;
    } catch (err) {
      if (this.slots.get(key) === fresh) this.slots.delete(key);
      throw err;
    }
  }

  private store(key: string, slot: Slot): void {
    this.slots.delete(key);
    this.slots.set(key, slot);
    if (this.slots.size > this.opts.maxEntries) {
      const oldest = this.slots.keys().next().value;
      if (oldest !== undefined) this.slots.delete(oldest);
    }
  }
}

/** Whether an If-None-Match header names `etag`. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  // Weak comparison, as If-None-Match uses: W/"x" and "x" are the same tag.
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

export type Encoding = 'br' | 'gzip' | undefined;

/** Parsed Accept-Encoding headers: browsers send a handful of distinct ones, so each is parsed once. */
const picked = new Map<string, Encoding>();

/** The encoding to answer with: brotli, then gzip, when accepted (q=0 means "not this one"). */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return undefined;
  const known = picked.get(header);
  if (known !== undefined || picked.has(header)) return known;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const choice: Encoding = weight('br') > 0 ? 'br' : weight('gzip') > 0 ? 'gzip' : undefined;
  if (picked.size < 100) picked.set(header, choice);
  return choice;
}

/** `answer`'s body in `encoding`, compressed once and kept with the answer (small bodies go as they are). */
export function encodedBody(answer: CachedAnswer, encoding: Encoding): { body: Buffer; encoding: Encoding } {
  if (!encoding || answer.body.length < COMPRESS_MIN_BYTES) return { body: answer.body, encoding: undefined };
  if (encoding === 'br') {
    answer.br ??= zlib.brotliCompressSync(answer.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
    });
    return { body: answer.br, encoding };
  }
  answer.gzip ??= zlib.gzipSync(answer.body, { level: 6 });
  return { body: answer.gzip, encoding };
}
