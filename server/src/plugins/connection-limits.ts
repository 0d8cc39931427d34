import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../common/errors';
import { DEFAULT_LOCALE } from '../../../common/locales';
import type { ConnectionSettings } from '../config';
import { failureBody } from '../errors';

/** Seconds a refused client is asked to wait. */
const RETRY_AFTER_S = 5;
/** A refused client that does not read its answer is cut after this long. */
const REFUSAL_LINGER_MS = 2000;
/** One warning per this many milliseconds at most: a flood would otherwise log a line per connection. */
const WARN_EVERY_MS = 10_000;

/** The refusal, written before any request is read (so in the default language): a 503 envelope, then close. */
function refusalBytes(): Buffer {
  const body = JSON.stringify(failureBody(Code.TooManyConnections, DEFAULT_LOCALE));
  return Buffer.from(
    'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n' +
      `Retry-After: ${RETRY_AFTER_S}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Every connection holds a file descriptor; a client opening more than the process may hold used to take the
 * last ones and crash the process. Caps (`config.connections`): past CONNECTIONS_MAX in all or
 * CONNECTIONS_PER_ADDRESS from one address, a new connection gets a 503 envelope (9422) and is closed; past
 * the cap by a tenth more, Node closes the socket at once (`maxConnections`). A failed accept (EMFILE when the
 * files run out anyway) is logged and survived rather than thrown.
 */
export const connectionLimitsPlugin = fp(async (app: FastifyInstance, settings: ConnectionSettings) => {
  const server = app.server;
  const refusal = refusalBytes();
  const perAddress = new Map<string, number>();
  let open = 0;
  let warned = 0;
  const warn = (detail: object, message: string) => {
    if (Date.now() - warned < WARN_EVERY_MS) return;
    warned = Date.now();
    app.log.warn(detail, message);
  };
  server.maxConnections = settings.max + Math.max(1, Math.ceil(settings.max / 10));

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const mine = (perAddress.get(address) ?? 0) + 1;
    open++;
    perAddress.set(address, mine);
    socket.once('close', () => {
      open--;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    const overAll = open > settings.max;
    if (!overAll && !(settings.perAddress > 0 && mine > settings.perAddress)) return;
    warn({ open, fromAddress: mine, max: settings.max, perAddress: settings.perAddress }, 'too many connections: refusing new ones with 503');
    socket.end(refusal);
    setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
  });

  // Errors of the listening socket after it listens (a failed accept): the listen itself reports its own.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (server.listening) warn({ err: { code: err.code, syscall: err.syscall } }, 'accepting a connection failed');
  });
});
