import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/**
 * What the server log may say about a request. Links in our mails carry their secret in the query string
 * (`/resetPassword?token=...`, `/api/auth/verify?token=...`) and the console's download links carry a
 * signature in the path, so a log line must not hold the URL as it came: query values and those path
 * segments are replaced, and no header is logged at all (Authorization, Cookie, tus credentials).
 */
const REDACTED = '[redacted]';

/** Paths whose next segment is itself a credential. */
const SECRET_SEGMENTS = /(\/api\/downloads\/)[^/?#\s"'`]+/g;
const QUERY = /\?([^#\s"'`]*)/g;

/** Keeps each query parameter's name; a part without `=` may be a bare secret, so it goes whole. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((part) => {
      if (part === '') return part;
      const eq = part.indexOf('=');
      return eq < 0 ? REDACTED : `${part.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
}

/** A URL (or any text naming one) fit for the log. */
function redactUrl(text: string): string {
  return text.replace(SECRET_SEGMENTS, `$1${REDACTED}`).replace(QUERY, (_all, query: string) => `?${redactQuery(query)}`);
}

/**
 * Anything else that could carry a secret, should code log it as an object: headers, request bodies and
 * fields named for passwords, tokens, captcha answers and credentials (one level deep; pino has no deeper wildcard).
 * `err.code` is deliberately not here: error codes (ECONNREFUSED...) are what an operator needs.
 */
const REDACT_PATHS = [
  'req.headers',
  'res.headers',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["upload-metadata"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  '*.headers["upload-metadata"]',
  'body',
  '*.body',
  ...['password', 'confirmPassword', 'currentPassword', 'token', 'accessToken', 'access_token', 'credential', 'altcha', 'secret'].flatMap((key) => [
    key,
    `*.${key}`,
  ]),
];

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number } | null;
};

const logSerializers = {
  /** Fastify's own request fields, with the URL made safe and no headers. */
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: req.url === undefined ? undefined : redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip ?? req.socket?.remoteAddress,
      remotePort: req.socket?.remotePort,
    };
  },
};

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The app's logger options with the serializers, redaction and a message filter added; they win over the
 * caller's, so no caller can turn them off by accident. `false` stays false (tests, CLIs).
 */
export function safeLogger(logger: boolean | object | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const given = (logger === true ? {} : logger) as LoggerOptions;
  return {
    ...given,
    serializers: { ...given.serializers, ...logSerializers },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    hooks: {
      // Messages written as text (Fastify's "Reply was already sent ... <url>") get the same treatment.
      logMethod(args, method) {
        const safe = args.map((a: unknown) => (typeof a === 'string' ? redactUrl(a) : a)) as typeof args;
        method.apply(this, safe);
      },
    },
  };
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made when the request first writes a line. Fastify makes a pino child for every
 * request (its bindings serialized and passed through the redaction), and with no line per request
 * (plugins/request-log.ts) almost no request ever uses it.
 */
class LazyChild {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}
  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings);
    return this.made;
  }
  private write(level: Level, args: unknown[]): void {
    if (this.made || this.parent.isLevelEnabled(level)) (this.real()[level] as (...a: unknown[]) => void)(...args);
  }
  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(value: string) {
    this.real().level = value;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
  silent(): void {}
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
}

/** Fastify's `childLoggerFactory`: lazy children; a route with its own log options (a level) gets a real one at once. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyChild(logger as ParentLogger, bindings) as unknown as FastifyBaseLogger;
}
