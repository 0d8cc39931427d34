import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestLogSettings } from '../config';

/**
 * Fastify's own lines about requests without the two info lines per request (and the 404 one): what stays
 * is what went wrong (a request that errored, a broken stream, a failed writeHead), with the request's id.
 */
class QuietRequests extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

/** The log controller for Fastify's options: every request's lines only when LOG_REQUESTS is set. */
export function requestLogController(settings: RequestLogSettings): LogController {
  return settings.everyRequest ? new LogController() : new QuietRequests();
}

/**
 * The log's view of requests when Fastify's line per request is off (the default; LOG_REQUESTS brings it
 * back): a request slower than LOG_SLOW_MS is written at LOG_SLOW_LEVEL with its id (the request logger
 * adds `reqId`), route, status and time. Errors are written where they are handled (plugins/error-handler.ts),
 * with the same id. At a vote peak that is a few lines, not two per request.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, settings: RequestLogSettings) => {
  if (settings.slowMs <= 0) return;
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms >= settings.slowMs) {
      request.log[settings.slowLevel](
        // The route's pattern rather than the URL: query strings may carry tokens (the serializer redacts them too).
        { req: request, method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode, ms: Math.round(ms) },
        'slow request',
      );
    }
    done();
  });
});
