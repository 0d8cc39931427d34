import { randomUUID } from 'node:crypto';

/** How an invalidation travels between the processes of one site. */
export type InvalidationBus = { publish(): void; close(): Promise<void> };

export type BusLog = { warn: (obj: object, msg: string) => void };

/**
 * Redis pub/sub for "public content changed": every process (cluster workers, other machines) that shares
 * the site's REDIS_URL and REDIS_PREFIX drops its cached answers when one of them writes content. A process
 * ignores its own messages (it has already dropped them). While Redis is unreachable, messages are lost:
 * the cache's lifetimes (RESPONSE_CACHE_TTL_MS) still bound how stale an answer can be.
 */
export async function redisInvalidationBus(redisUrl: string, prefix: string, onRemote: () => void, log: BusLog): Promise<InvalidationBus> {
  const { Redis } = await import('ioredis');
  const channel = `${prefix}:response-cache:invalidate`;
  const me = randomUUID();
  const options = { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true };
  const pub = new Redis(redisUrl, options);
  // A subscriber connection can do nothing else; it queues its SUBSCRIBE until connected and re-subscribes after a reconnect.
  const sub = new Redis(redisUrl, { ...options, enableOfflineQueue: true });
  for (const client of [pub, sub])
    client.on('error', (err: Error) =>
      log.warn({ err: err.message }, 'response-cache Redis unavailable; other processes see changes after the cache lifetime'),
    );
  sub.on('message', (_channel: string, from: string) => {
    if (from !== me) onRemote();
  });
  await Promise.all([pub.connect().catch(() => undefined), sub.connect().catch(() => undefined)]);
  await sub.subscribe(channel).catch(() => undefined);
  return {
    publish() {
      pub.publish(channel, me).catch(() => undefined);
    },
    async close() {
      await Promise.all([pub, sub].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
