import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../common/errors';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write route without a body schema that still reads a body (its service validates it, or a protocol's bytes). */
    acceptsBody?: boolean;
  }
}

/** Deeper JSON than any form sends; the cost of a parse grows with depth, and a "bracket bomb" is all depth. */
export const JSON_MAX_DEPTH = 32;
/** A public or account route's JSON body: forms of a few fields and texts of a few thousand characters. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** The console's (rich texts, pages, settings). */
export const CONSOLE_BODY_LIMIT = 1024 * 1024;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The nesting depth of a JSON text, stopping as soon as it passes `max`: one pass over the characters, no allocation. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** A request that carries bytes: a length above zero, or a chunked body of unknown length. */
function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * What a request body may cost before a handler sees it. Each write route reads only what it needs:
 * - a write route with no body schema (logout, approve, withdraw...) takes no body: one is refused with
 *   413 / 9420 before a byte is read, unless the route says `config.acceptsBody`;
 * - a JSON route's body is at most 64 KB outside the console, 1 MB inside, unless the route sets its own limit;
 * - JSON nested deeper than 32 levels is refused (400 / 9421) before it is parsed; then Fastify's own parser
 *   (prototype-poisoning checks included) does the rest.
 */
export const requestBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (jsonDepthExceeds(text, JSON_MAX_DEPTH)) {
      done(new AppError(Code.JsonTooDeep), undefined);
      return;
    }
    parse(request, text, done);
  });

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITES.has(m)) || route.bodyLimit !== undefined || route.config?.acceptsBody) return;
    if (route.schema?.body) {
      route.bodyLimit = route.url.startsWith('/api/admin/') ? CONSOLE_BODY_LIMIT : PUBLIC_BODY_LIMIT;
      return;
    }
    const refuseBody = async (request: FastifyRequest) => {
      if (carriesBody(request)) throw new AppError(Code.BodyNotAccepted);
    };
    const own = route.onRequest;
    route.onRequest = own === undefined ? [refuseBody] : [refuseBody, ...(Array.isArray(own) ? own : [own])];
  });
});
