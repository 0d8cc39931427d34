import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { type CachedAnswer, matches, pickEncoding, type ResponseCache } from './response-cache';

/** A response's headers as the app set them. */
type Headers = Record<string, string | number | string[] | undefined>;

/**
 * What the app offered to send for a request: a kept answer, and its body as encoded (undefined: a 304).
 * `setsCookie`: the response's Set-Cookie is part of the answer for every request with this key (the
 * anonymous entry answer), so it is replayed too; any other response that sets a cookie is never kept.
 */
type Offer = { answer: CachedAnswer; body: Buffer | undefined; setsCookie: boolean };

/** A response the app sent, replayed as it was (status, every header, body) while its answer is still current. */
type Replay = { answer: CachedAnswer; status: number; headers: Headers; body: Buffer | undefined; count: () => void };

const offers = new WeakMap<IncomingMessage, Offer>();

/** Called by the route as it sends a replayable cached answer: the fast path may keep the response once it is sent. */
export function offerToFastPath(req: IncomingMessage, answer: CachedAnswer, body: Buffer | undefined, setsCookie = false): void {
  offers.set(req, { answer, body, setsCookie });
}

/** The answer offered for `req`, if any (taken once). */
export function takeOffer(req: IncomingMessage): Offer | undefined {
  const offer = offers.get(req);
  if (offer) offers.delete(req);
  return offer;
}

const NOT_MODIFIED = '\n304';

/**
 * The key of a request the fast path may answer, or undefined. It holds everything the public answers
 * depend on: method, raw URL (path and query), the encoding chosen from Accept-Encoding and the locale's
 * headers (X-Locale, Accept-Language). A request with a cookie or a token, or with a body, is never
 * replayed: the app reads those (a session, a voter), so it answers them itself.
 */
function keyOf(req: IncomingMessage): string | undefined {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const h: IncomingHttpHeaders = req.headers;
  if (h.cookie !== undefined || h.authorization !== undefined) return undefined;
  if (h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0')) return undefined;
  return `${method} ${req.url}\n${pickEncoding(h['accept-encoding']) ?? ''}\n${h['x-locale'] ?? ''}\n${h['accept-language'] ?? ''}`;
}

/**
 * Cache hits of public answers answered straight from the server's request listener, before Fastify's hook
 * chain: a response the app already sent for the same key is written again, byte for byte (Node adds Date
 * as it did). A replay is valid while its answer is: same cache generation (a content write drops it),
 * within its lifetime on the cache's clock. Anything else goes to the app, which fills this on its way out.
 */
export class FastPath {
  /** Requests answered here (tests read it; metrics count them per route and status). */
  hits = 0;
  /** Off while the app closes: its closing answer (9503) is the app's to give. */
  enabled = true;
  private readonly replays = new Map<string, Replay>();
  private gen: number;

  constructor(
    private readonly cache: ResponseCache,
    private readonly maxEntries: number,
  ) {
    this.gen = cache.generation;
  }

  get size(): number {
    return this.replays.size;
  }

  /** Answers `req` from memory and returns true, or returns false and leaves it to the app. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.enabled || this.replays.size === 0) return false;
    if (this.gen !== this.cache.generation) {
      this.clear();
      this.gen = this.cache.generation;
      return false;
    }
    const key = keyOf(req);
    if (key === undefined) return false;
    const ifNoneMatch = req.headers['if-none-match'];
    let replay: Replay | undefined;
    if (ifNoneMatch !== undefined) {
      const notModified = this.current(key + NOT_MODIFIED);
      if (notModified && matches(ifNoneMatch, notModified.answer.etag)) replay = notModified;
    }
    if (!replay) {
      replay = this.current(key);
      // The app answers 304 to this tag; that answer has not been seen yet.
      if (!replay || (ifNoneMatch !== undefined && matches(ifNoneMatch, replay.answer.etag))) return false;
    }
    this.hits++;
    replay.count();
    res.writeHead(replay.status, replay.headers);
    res.end(req.method === 'HEAD' ? undefined : replay.body);
    return true;
  }

  /** Keeps the response the app just sent for `req` when it is a kept public answer (`count`: its metrics series). */
  keep(req: IncomingMessage, status: number, headers: Headers, offer: Offer, count: () => void): void {
    const key = keyOf(req);
    if (key === undefined || (headers['set-cookie'] !== undefined && !offer.setsCookie)) return;
    // What was sent must be what was offered: a 200 with the body, or a 304.
    if (status !== (offer.body === undefined ? 304 : 200)) return;
    const sent: Headers = {};
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent[name] = value;
    const replay: Replay = { answer: offer.answer, status, headers: sent, body: offer.body, count };
    if (!this.isCurrent(replay)) return;
    if (this.gen !== this.cache.generation) {
      this.clear();
      this.gen = this.cache.generation;
    }
    const slot = status === 304 ? key + NOT_MODIFIED : key;
    this.replays.delete(slot);
    this.replays.set(slot, replay);
    if (this.replays.size > this.maxEntries) {
      const oldest = this.replays.keys().next().value;
      if (oldest !== undefined) this.replays.delete(oldest);
    }
  }

  clear(): void {
    this.replays.clear();
  }

  private current(key: string): Replay | undefined {
    const replay = this.replays.get(key);
    return replay && this.isCurrent(replay) ? replay : undefined;
  }

  private isCurrent(replay: Replay): boolean {
    const kept = replay.answer.kept;
    return kept !== undefined && kept.gen === this.cache.generation && this.cache.now() < kept.expires;
  }
}
