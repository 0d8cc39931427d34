import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../metrics/metrics';
import { FastPath, takeOffer } from '../services/cache/fast-path';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cache hits of public answers replayed before Fastify (services/cache/fast-path.ts); absent when RESPONSE_FAST_PATH=false. */
    responseFastPath?: FastPath;
  }
}

type Listener = (this: unknown, req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the fast path in front of Fastify's request listener: a hit is written from there (no hooks: security
 * headers, CSP and the rest are in the replayed header set; no rate limit, no back-pressure 503: a memory hit
 * costs less than refusing it), a miss goes to Fastify unchanged. Responses are kept on their way out
 * (onResponse), with the `microfilm_http_requests_total` series of their route and status, which each hit
 * moves (the duration histogram counts the app's answers only).
 */
export const responseFastPathPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics; maxEntries: number }) => {
  const fastPath = new FastPath(app.responseCache, opts.maxEntries);
  app.decorate('responseFastPath', fastPath);

  const server = app.server;
  const listeners = server.listeners('request') as Listener[];
  const [fastify] = listeners;
  if (listeners.length !== 1 || !fastify) throw new Error(`response fast path: expected Fastify's one request listener, found ${listeners.length}`);
  server.removeListener('request', fastify);
  server.on('request', function (this: unknown, req: IncomingMessage, res: ServerResponse) {
    if (!fastPath.serve(req, res)) fastify.call(this, req, res);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const offer = takeOffer(request.raw);
    if (offer) {
      const series = opts.metrics.httpRequests.labels({
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      });
      fastPath.keep(request.raw, reply.statusCode, reply.getHeaders(), offer, () => series.inc());
    }
    done();
  });
  app.addHook('preClose', (done) => {
    fastPath.enabled = false;
    fastPath.clear();
    done();
  });
});
