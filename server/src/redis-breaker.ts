import { lineLog } from './line-log';

export type BreakerLog = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** Until a Fastify app hands over its logger: JSON lines like the server's own. */
const jsonLines: BreakerLog = {
  warn: (obj, msg) => lineLog.warn(msg, obj as Record<string, unknown>),
  info: (obj, msg) => lineLog.info(msg, obj as Record<string, unknown>),
};

/** How long a user of Redis stops asking it after a failure, before one request probes it again. */
export const REDIS_COOLDOWN_MS = 5_000;

/**
 * A circuit breaker on one Redis client. While Redis answers, every call goes through; after a failure
 * calls skip it at once (the caller falls back or refuses fast) for a cool-down, then one call probes it
 * again, and an answer closes the breaker. The outage is logged twice in all, as one JSON line when the
 * first call fails and one when a call answers again, however many requests met it in between.
 */
export class RedisBreaker {
  #since: number | undefined;
  #retryAt = 0;
  #log: BreakerLog = jsonLines;

  constructor(
    readonly name: string,
    readonly cooldownMs = REDIS_COOLDOWN_MS,
  ) {}

  useLog(log: BreakerLog): void {
    this.#log = log;
  }

  get down(): boolean {
    return this.#since !== undefined;
  }

  /** Whether a call may ask Redis now: always while it answers; while it is down, one call per cool-down. */
  mayTry(now = Date.now()): boolean {
    if (this.#since === undefined) return true;
    if (now < this.#retryAt) return false;
    this.#retryAt = now + this.cooldownMs;
    return true;
  }

  failed(err: unknown): void {
    this.#retryAt = Date.now() + this.cooldownMs;
    if (this.#since !== undefined) return;
    this.#since = Date.now();
    const reason = err instanceof Error ? err.message : String(err);
    this.#log.warn({ redis: this.name, reason }, 'redis unreachable: skipped until it answers again');
  }

  answered(): void {
    if (this.#since === undefined) return;
    const downMs = Date.now() - this.#since;
    this.#since = undefined;
    this.#log.info({ redis: this.name, downMs }, 'redis reachable again');
  }

  /** Runs `call` unless the breaker is open; its failure opens it. Throws `RedisSkipped` when skipped. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    if (!this.mayTry()) throw new RedisSkipped(this.name);
    try {
      const result = await call();
      this.answered();
      return result;
    } catch (err) {
      this.failed(err);
      throw err;
    }
  }
}

/** A call the breaker did not make, Redis being down. */
export class RedisSkipped extends Error {
  constructor(name: string) {
    super(`redis (${name}) is down; not asked`);
  }
}
