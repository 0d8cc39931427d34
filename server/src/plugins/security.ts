import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

/**
 * Security headers and the rate-limit plugin. The CSP allows scripts only from this origin (no inline
 * script anywhere); styles allow 'unsafe-inline' because antd's CSS-in-JS injects <style> elements at run
 * time. Rate limits are opt-in per route (`config.rateLimit`), tuned by each feature.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { redisUrl?: string }) => {
  await app.register(helmet, {
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
  });

  let redis: unknown;
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(opts.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    app.addHook('onClose', async () => (redis as { quit: () => Promise<unknown> }).quit());
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    errorResponseBuilder: (_req, context) => new AppError(9429, { headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) } }),
  });
});
