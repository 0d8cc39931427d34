import { randomBytes } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { Redis } from 'ioredis';
import { Code } from '../../../common/errors';
import { AppError } from '../errors';
import { RedisBreaker } from '../redis-breaker';

/** A held lock lives this long unless renewed: a process that dies holding one frees it within this time. */
const LOCK_TTL_MS = 30_000;
/** How long a request waits for a lock before tus answers ERR_LOCK_TIMEOUT (as its MemoryLocker). */
const ACQUIRE_TIMEOUT_MS = 30_000;
/** Retry pause while another request holds the lock; a release message wakes the waiters sooner. */
const RETRY_MS = 100;

// Deletes or renews the key only while it still holds this lock's token: never another holder's lock.
const UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

/**
 * tus upload locks shared by every instance through Redis (REDIS_URL), so the requests of one upload may
 * land on any of them without sticky sessions. A lock is a key `<prefix>:tus-lock:<upload id>` set with NX
 * and a TTL renewed while held. A request that finds it taken publishes a release request: the instance
 * whose request holds it (a PATCH from a client that has moved on, or a half-open connection) ends that
 * request, as tus's own in-memory locker does within one process, and publishes the release.
 */
export class RedisLocker implements Locker {
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  /** This instance's held locks: upload id -> how to ask its request to let go. */
  readonly held = new Map<string, RequestRelease>();
  /** Waiters of this instance to wake when a release is published. */
  readonly waiters = new Set<() => void>();
  readonly ready: Promise<unknown>;
  /** Once Redis failed, uploads are refused at once (503 + Retry-After) rather than each waiting on it. */
  readonly breaker = new RedisBreaker('upload locks');

  constructor(
    url: string,
    readonly prefix: string,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: 2 });
    // Connection trouble fails the lock call (tus answers 503 9503 with Retry-After, see `call`); not a crash.
    this.redis.on('error', () => undefined);
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, id: string) => {
      if (channel === this.channel('release-request')) void this.held.get(id)?.();
      else for (const wake of this.waiters) wake();
    });
    // Never rejects: without the subscription locks still work (waiters retry every RETRY_MS), and ioredis
    // fires 'ready' again after a reconnect, when the channels are subscribed anew.
    const subscribe = () => this.subscriber.subscribe(this.channel('release-request'), this.channel('released')).catch(() => undefined);
    this.ready = subscribe();
    this.subscriber.on('ready', () => void subscribe());
  }

  channel(name: 'release-request' | 'released'): string {
    return `${this.prefix}:tus-lock:${name}`;
  }

  key(id: string): string {
    return `${this.prefix}:tus-lock:${id}`;
  }

  /** A Redis command through the breaker; Redis down (or skipped while it is) is 503 9503 with Retry-After. */
  async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await this.breaker.run(command);
    } catch (err) {
      throw new AppError(Code.Unavailable, { headers: { 'retry-after': String(Math.ceil(this.breaker.cooldownMs / 1000)) }, cause: err });
    }
  }

  newLock(id: string): Lock {
    return new RedisLock(this, this.redis, id);
  }

  async close(): Promise<void> {
    await Promise.all([this.redis.quit().catch(() => this.redis.disconnect()), this.subscriber.quit().catch(() => this.subscriber.disconnect())]);
  }
}

class RedisLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly locker: RedisLocker,
    private readonly redis: Redis,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.locker.ready;
    const key = this.locker.key(this.id);
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let asked = false;
    while (!signal.aborted && Date.now() < deadline) {
      if ((await this.locker.call(() => this.redis.set(key, this.token, 'PX', LOCK_TTL_MS, 'NX'))) === 'OK') {
        this.locker.held.set(this.id, requestRelease);
        this.renewal = setInterval(() => void this.redis.eval(RENEW, 1, key, this.token, LOCK_TTL_MS).catch(() => undefined), LOCK_TTL_MS / 3);
        this.renewal.unref();
        return;
      }
      if (!asked) {
        asked = true;
        await this.locker.call(() => this.redis.publish(this.locker.channel('release-request'), this.id));
      }
      await this.waitForRelease(signal);
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  /** Until a release is published, the retry pause passes, or the request ends. */
  private waitForRelease(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.locker.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, RETRY_MS);
      this.locker.waiters.add(done);
      signal.addEventListener('abort', done);
    });
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    if (this.locker.held.get(this.id)) this.locker.held.delete(this.id);
    // A lock Redis cannot free now frees itself when its TTL ends; the request's answer stands.
    await this.locker
      .call(async () => {
        await this.redis.eval(UNLOCK, 1, this.locker.key(this.id), this.token);
        await this.redis.publish(this.locker.channel('released'), this.id);
      })
      .catch(() => undefined);
  }
}
