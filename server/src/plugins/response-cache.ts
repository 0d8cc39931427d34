import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ResponseCacheSettings } from '../config';
import { ok } from '../routes/reply';
import { offerToFastPath } from '../services/cache/fast-path';
import { type InvalidationBus, redisInvalidationBus } from '../services/cache/invalidation-bus';
import { type CachedAnswer, encodedBody, type FreshAnswer, matches, pickEncoding, ResponseCache } from '../services/cache/response-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public answers served from memory (services/cache/response-cache.ts). */
    responseCache: ResponseCache;
  }
}

/**
 * Writes that can change what the public reads: the console, an entrant's own entry (withdrawal), the
 * deletion of an account (its entries leave the gallery) and a film's re-run. A successful one drops every cached answer before the writer gets its own answer, so the
 * writer's next read shows the change.
 */
const CONTENT_WRITES = ['/api/admin/', '/api/entries/mine/', '/api/account/delete', '/api/media/'];
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How an answer may be kept outside this process. */
export type Sharing =
  /** Same for every visitor: a CDN may keep it for the cache's lifetime and serve it stale while refreshing. */
  | 'public'
  /** Depends on the visitor (their cookie, their vote): only their browser keeps it, and revalidates each time. */
  | 'private';

export type CacheSpec = {
  key: string;
  /** `counts`: the answer shows vote counts, so it lives RESPONSE_CACHE_COUNTS_TTL_MS (a second). */
  lifetime: 'content' | 'counts';
  sharing: Sharing;
  /** Request headers that change the answer besides Accept-Encoding (e.g. the locale's). */
  vary?: string;
  /**
   * A private answer whose response to a request with no cookie and no token depends on nothing else, its
   * Set-Cookie included (the entry: not voted, the viewed cookie of this entry alone): the fast path may replay
   * that response to the next such request. Visitors arriving from a shared link have no cookie yet.
   */
  replayAnonymous?: boolean;
};

export const LOCALE_VARY = 'accept-language, x-locale';

/** A success envelope as Fastify would have serialized it. */
export function jsonAnswer(data: unknown, status = 200): FreshAnswer {
  return { status, type: 'application/json; charset=utf-8', body: JSON.stringify(ok(data)) };
}

function ttlOf(settings: ResponseCacheSettings, lifetime: CacheSpec['lifetime']): number {
  return lifetime === 'counts' ? settings.countsTtlMs : settings.ttlMs;
}

/** The answer for `spec.key` from memory, or computed (and kept for the spec's lifetime). */
export function cachedAnswer(request: FastifyRequest, spec: CacheSpec, compute: () => Promise<FreshAnswer>): Promise<CachedAnswer> {
  return request.server.responseCache.get(spec.key, ttlOf(request.server.ctx.config.responseCache, spec.lifetime), compute);
}

/** `cachedAnswer` then `sendCached`: the whole of a cached GET route. */
export async function replyCached(request: FastifyRequest, reply: FastifyReply, spec: CacheSpec, compute: () => Promise<FreshAnswer>): Promise<FastifyReply> {
  return sendCached(request, reply, await cachedAnswer(request, spec, compute), spec);
}

/**
 * Sends an answer: 304 when the client's ETag still matches, else the body in the encoding it accepts
 * (compressed once per answer), with Cache-Control and Vary for the caches in between.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, spec: CacheSpec): FastifyReply {
  const settings = request.server.ctx.config.responseCache;
  const cacheControl =
    spec.sharing === 'public' && answer.status === 200
      ? `public, max-age=0, s-maxage=${Math.max(1, Math.ceil(ttlOf(settings, spec.lifetime) / 1000))}, stale-while-revalidate=${settings.staleWhileRevalidateS}`
      : 'private, no-cache';
  reply.header('cache-control', cacheControl);
  reply.header('vary', spec.vary ? `accept-encoding, ${spec.vary}` : 'accept-encoding');
  reply.header('etag', answer.etag);
  // Only answers the same for every visitor (or every anonymous one) may be replayed (fast-path.ts).
  const anonymous = spec.replayAnonymous === true && request.headers.cookie === undefined && request.headers.authorization === undefined;
  const replayable = spec.sharing === 'public' || anonymous;
  if (answer.status === 200 && matches(request.headers['if-none-match'], answer.etag)) {
    if (replayable) offerToFastPath(request.raw, answer, undefined, anonymous);
    return reply.code(304).send();
  }
  const { body, encoding } = encodedBody(answer, pickEncoding(request.headers['accept-encoding']));
  if (encoding) reply.header('content-encoding', encoding);
  if (replayable) offerToFastPath(request.raw, answer, body, anonymous);
  return reply.code(answer.status).type(answer.type).send(body);
}

/**
 * The response cache: decorated on the app, dropped by content writes (CONTENT_WRITES), and shared with the
 * site's other processes over Redis pub/sub when REDIS_URL is set (without it, their cache lifetimes bound
 * how long they show the old content).
 */
export const responseCachePlugin = fp(async (app: FastifyInstance, opts: { redisUrl?: string; redisPrefix: string; settings: ResponseCacheSettings }) => {
  let bus: InvalidationBus | undefined;
  const cache = new ResponseCache({ maxEntries: opts.settings.maxEntries, onInvalidate: () => bus?.publish() });
  app.decorate('responseCache', cache);
  if (opts.redisUrl) {
    bus = await redisInvalidationBus(opts.redisUrl, opts.redisPrefix, () => cache.invalidate(false), app.log);
    const closing = bus;
    app.addHook('onClose', async () => closing.close());
  }
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!READ_METHODS.has(request.method) && reply.statusCode < 400) {
      const url = request.url;
      if (CONTENT_WRITES.some((prefix) => url.startsWith(prefix))) cache.invalidate();
    }
    done(null, payload);
  });
});
