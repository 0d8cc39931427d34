import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../common/errors';
import { AppError } from '../errors';
import type { Metrics } from '../metrics/metrics';
import { TUS_PATH } from '../services/submission/tus-server';

const VOTE_ROUTE = '/api/gallery/entries/:id/vote';
const TUS_ROUTES = new Set([TUS_PATH, `${TUS_PATH}/:id`]);
const CODE_NAMES: Record<number, string> = Object.fromEntries(Object.entries(Code).map(([name, code]) => [code, name]));

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A vote answer's outcome: `accepted`, or the name of its refusal code. */
function voteOutcome(payload: unknown): string {
  if (typeof payload !== 'string') return 'unknown';
  const code = /^\{"code":(\d+)/.exec(payload)?.[1];
  if (code === undefined) return 'unknown';
  return code === '0' ? 'accepted' : (CODE_NAMES[Number(code)] ?? code);
}

const isTus = (request: FastifyRequest) => TUS_ROUTES.has(request.routeOptions.url ?? '');

/**
 * Counts every answered request (by route pattern and status, with its latency), votes by outcome and
 * upload chunks, and serves `GET /metrics` in Prometheus' text format to a scraper that presents
 * `Authorization: Bearer <METRICS_TOKEN>` (no token set: 404; a wrong one: 401, 9511).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics; token: string | undefined }) => {
  const { metrics, token } = opts;

  // Callback hooks: every request runs them, and async ones cost a promise each for synchronous work.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'PATCH' && isTus(request)) metrics.uploadsActive.inc();
    done();
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'POST' && request.routeOptions.url === VOTE_ROUTE) metrics.votes.inc({ outcome: voteOutcome(payload) });
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    countResponse(request, reply);
    done();
  });

  function countResponse(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (!isTus(request)) return;
    if (request.method === 'POST' && reply.statusCode === 201) metrics.uploadsStarted.inc();
    if (request.method === 'PATCH') {
      metrics.uploadsActive.dec();
      // tus writes a chunk whole or answers an error: an accepted PATCH brought its Content-Length.
      if (reply.statusCode < 300) metrics.uploadBytes.inc(Number(request.headers['content-length']) || 0);
    }
  }

  app.get('/metrics', { logLevel: 'warn', config: { rateLimit: false } }, async (request, reply) => {
    if (!token) throw new AppError(Code.NotFound);
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) throw new AppError(Code.MetricsTokenInvalid, { headers: { 'www-authenticate': 'Bearer' } });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
});
