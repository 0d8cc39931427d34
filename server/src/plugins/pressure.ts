import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../common/errors';
import type { PressureSettings } from '../config';
import { AppError } from '../errors';

/** Answered even under pressure: a load balancer must not restart a busy process, and metrics show why it is busy. */
const EXEMPT = new Set(['/livez', '/readyz', '/metrics']);

/** One warning per this many milliseconds at most: under pressure every request is refused, and logging each would add to it. */
const WARN_EVERY_MS = 10_000;

/**
 * Back-pressure: when the event loop lags or the heap nears its limit (thresholds: `config.pressure`), requests
 * get 503 with Retry-After and code 9510 at once, so the process sheds load instead of falling over.
 * Measured by `@fastify/under-pressure` every `sampleIntervalMs`; its timer closes with the app.
 */
export const pressurePlugin = fp(async (app: FastifyInstance, settings: PressureSettings) => {
  let warned = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    maxHeapUsedBytes: settings.maxHeapUsedBytes,
    sampleInterval: settings.sampleIntervalMs,
    pressureHandler: async (request: FastifyRequest, _reply: unknown, type: string, value: number | undefined) => {
      if (EXEMPT.has(request.routeOptions.url ?? '')) return;
      if (Date.now() - warned > WARN_EVERY_MS) {
        warned = Date.now();
        request.log.warn({ type, value }, 'under pressure: refusing requests with 503');
      }
      throw new AppError(Code.Overloaded, { headers: { 'retry-after': String(settings.retryAfterSeconds) } });
    },
  });
});
