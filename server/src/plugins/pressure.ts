import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../common/errors';
import type { PressureSettings } from '../config';
import { AppError } from '../errors';

/** Answered even under pressure: a load balancer must not restart a busy process, and metrics show why it is busy. */
const EXEMPT = new Set(['/livez', '/readyz', '/metrics']);

/** One warning per this many milliseconds at most: under pressure every request is refused, and logging each would add to it. */
const WARN_EVERY_MS = 10_000;

/** The event-loop delay histogram's resolution (ms); it is also what a sample subtracts as the timer's own lag. */
const RESOLUTION_MS = 10;

/**
 * Back-pressure: when the event loop lags or the heap nears its limit (thresholds: `config.pressure`), requests
 * get 503 with Retry-After and code 9510 at once, so the process sheds load instead of falling over.
 *
 * Measured here rather than by @fastify/under-pressure, whose sampler called `process.memoryUsage()`: that reads
 * /proc, so with every file descriptor taken by a connection flood it threw EMFILE from a timer and killed the
 * process. The heap figure comes from V8 (no file), and a sample that fails anyway is logged and skipped.
 */
export const pressurePlugin = fp(async (app: FastifyInstance, settings: PressureSettings) => {
  let warned = 0;
  let sampleFailedAt = 0;
  let eventLoopDelay = 0;
  let heapUsed = 0;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();

  const sample = () => {
    try {
      // No sample at all within the interval means the loop was held the whole time.
      const mean = histogram.mean / 1e6 - RESOLUTION_MS;
      eventLoopDelay = Number.isNaN(mean) ? Number.POSITIVE_INFINITY : Math.max(0, mean);
      histogram.reset();
      heapUsed = v8.getHeapStatistics().used_heap_size;
    } catch (err) {
      if (Date.now() - sampleFailedAt > WARN_EVERY_MS) {
        sampleFailedAt = Date.now();
        app.log.warn({ err }, 'load sample failed; keeping the last figures');
      }
    }
  };
  const timer = setInterval(sample, Math.max(settings.sampleIntervalMs, RESOLUTION_MS));
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    histogram.disable();
  });

  const overloaded = (): { type: string; value: number } | undefined => {
    if (settings.maxEventLoopDelayMs > 0 && eventLoopDelay > settings.maxEventLoopDelayMs) return { type: 'eventLoopDelay', value: eventLoopDelay };
    if (settings.maxHeapUsedBytes > 0 && heapUsed > settings.maxHeapUsedBytes) return { type: 'heapUsedBytes', value: heapUsed };
    return undefined;
  };

  app.addHook('onRequest', async (request) => {
    const pressure = overloaded();
    if (!pressure || EXEMPT.has(request.routeOptions.url ?? '')) return;
    if (Date.now() - warned > WARN_EVERY_MS) {
      warned = Date.now();
      request.log.warn(pressure, 'under pressure: refusing requests with 503');
    }
    throw new AppError(Code.Overloaded, { headers: { 'retry-after': String(settings.retryAfterSeconds) } });
  });
});
