import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { Code } from '../../../common/errors';
import { AppError } from '../errors';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Shared links and embedded media must keep working cross-origin (Weibo/Facebook crawlers fetch og:image).
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/** The headers helmet sets, captured from one run of its middleware (all of them are static). */
function staticHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The headers of an API answer (everything under /api/): JSON, files and upload protocol replies, never a
 * page. OWASP's set for REST answers: a CSP that lets nothing load or frame it (stricter than a page's),
 * nosniff, no framing, HSTS and the same-site resource policy. The page-only headers (COOP, Referrer-Policy,
 * Origin-Agent-Cluster, the legacy X- switches) do nothing for JSON and cost every API call about 400 bytes.
 */
function apiHeaders(page: Record<string, string>): Record<string, string> {
  const keep = ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy'];
  const headers: Record<string, string> = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'x-frame-options': 'DENY' };
  for (const name of keep) if (page[name] !== undefined) headers[name] = page[name];
  return headers;
}

/**
 * The built scripts and stylesheets under /dist/: the document headers (CSP, framing, referrer and the like)
 * mean nothing on a subresource and cost a phone about 800 bytes per file, some 40 files on an entry page.
 * Worker scripts keep the page set: a worker's CSP comes from its own response.
 */
function assetHeaders(page: Record<string, string>): Record<string, string> {
  const keep = ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy'];
  const headers: Record<string, string> = {};
  for (const name of keep) if (page[name] !== undefined) headers[name] = page[name];
  return headers;
}

/** Whether a raw request URL is a built script or stylesheet other than a worker's. */
function isPlainAssetUrl(url: string): boolean {
  return url.startsWith('/dist/') && /\.(js|css)(\?|$)/.test(url) && !/worker/i.test(url);
}

/** Whether a raw request URL is an API call (path /api or below, any query). */
function isApiUrl(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
}

/**
 * Security headers and the rate-limit plugin. The pages' CSP allows scripts only from this origin (no inline
 * script anywhere); styles allow 'unsafe-inline' because antd's CSS-in-JS injects <style> elements at run
 * time. API answers get their own, shorter set (apiHeaders). Rate limits are opt-in per route
 * (`config.rateLimit`), tuned by each feature.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { redisUrl?: string; redisPrefix: string }) => {
  // helmet's headers are the same for every response, so they are worked out once; @fastify/helmet rebuilt
  // helmet (re-parsing the CSP) on every request, a cost each API call paid. A route may still set its own
  // header afterwards (media files send a sandboxing CSP).
  const pageHeaders = staticHeaders(HELMET_OPTIONS);
  const api = apiHeaders(pageHeaders);
  const assets = assetHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? api : isPlainAssetUrl(request.url) ? assets : pageHeaders);
    done();
  });

  let redis: import('ioredis').Redis | undefined;
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(opts.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const client = redis;
    client.on('error', (err) => app.log.warn({ err: err.message }, 'rate-limit Redis unavailable; limits are not enforced until it is back'));
    // Commands fail fast while disconnected (no offline queue), so wait for the first connection before
    // serving: otherwise the first requests after a start would find no counter store.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000);
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not lock every visitor out of login and voting: the request goes through (and the
    // error is logged above); the vote's own uniqueness lives in the database, not in these counters.
    skipOnError: true,
    // Keys start with the site's REDIS_PREFIX: sites sharing one Redis must not share counters.
    ...(redis ? { redis, nameSpace: `${opts.redisPrefix}:rate-limit:` } : {}),
    errorResponseBuilder: (_req, context) => new AppError(Code.TooManyRequests, { headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) } }),
  });
});
