import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { fastifyTrustProxy } from './net/ip';
import { authPlugin } from './plugins/auth';
import { clientAddressPlugin } from './plugins/client-address';
import { closingPlugin } from './plugins/closing';
import { connectionLimitsPlugin } from './plugins/connection-limits';
import { errorHandlerPlugin } from './plugins/error-handler';
import { localePlugin } from './plugins/locale';
import { lazyChildLogger, safeLogger } from './plugins/log-serializers';
import { metricsPlugin } from './plugins/metrics';
import { pressurePlugin } from './plugins/pressure';
import { requestBodyPlugin } from './plugins/request-body';
import { requestLogController, requestLogPlugin } from './plugins/request-log';
import { responseCachePlugin } from './plugins/response-cache';
import { responseFastPathPlugin } from './plugins/response-fast-path';
import { securityPlugin } from './plugins/security';
import { staticFiles } from './plugins/static-files';
import { accountsRoutes } from './routes/accounts/index';
import { downloadLinkRoutes } from './routes/console/download-link';
import { consoleRoutes } from './routes/console/index';
import { contentRoutes } from './routes/content/index';
import { entryFormRoutes } from './routes/entry-form/index';
import { galleryRoutes } from './routes/gallery/index';
import { healthRoutes } from './routes/health/index';
import { juryRoutes } from './routes/jury/index';
import { mediaRoutes } from './routes/media/index';
import { pageRoutes } from './routes/pages/index';
import { seoRoutes } from './routes/pages/seo';
import { privacyRoutes } from './routes/privacy/index';
import { currentUserRoutes } from './routes/session/current-user';
import { submissionRoutes } from './routes/submission/index';

export type BuildOptions = { logger?: boolean | object };

/**
 * Builds the Fastify app: external plugins -> app plugins -> routes (the Fastify demo's order).
 * The caller owns the database and closes it.
 */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: safeLogger(opts.logger), // no secrets in the log: plugins/log-serializers.ts
    // No line per request unless LOG_REQUESTS: errors and slow requests are logged (plugins/request-log.ts).
    logController: requestLogController(ctx.config.requestLog),
    ...(opts.logger ? { childLoggerFactory: lazyChildLogger } : {}), // a request's logger is made when it first writes
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024, // JSON bodies only; each route's own limit is set by plugins/request-body.ts
    return503OnClosing: false, // plugins/closing.ts answers with the envelope instead
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);

  // Before the rate limits, whose keys read it.
  await app.register(clientAddressPlugin);
  // External plugins.
  await app.register(cookie, { secret: ctx.config.cookieSecret });
  await app.register(securityPlugin, { redisUrl: ctx.config.redisUrl, redisPrefix: ctx.config.redisPrefix });
  // App plugins.
  await app.register(connectionLimitsPlugin, ctx.config.connections);
  await app.register(localePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(requestBodyPlugin); // before the routes: it sets each write route's body rules as it is added
  await app.register(closingPlugin);
  await app.register(authPlugin, { db: ctx.db, config: ctx.config });
  await app.register(pressurePlugin, ctx.config.pressure); // after the locale: its 503 is in the visitor's language
  await app.register(metricsPlugin, { metrics: ctx.metrics, token: ctx.config.metricsToken });
  await app.register(requestLogPlugin, ctx.config.requestLog);
  await app.register(responseCachePlugin, { redisUrl: ctx.config.redisUrl, redisPrefix: ctx.config.redisPrefix, settings: ctx.config.responseCache });
  if (ctx.config.responseFastPath) await app.register(responseFastPathPlugin, { metrics: ctx.metrics, maxEntries: ctx.config.responseCache.maxEntries });
  // Routes.
  await app.register(staticFiles);
  await app.register(contentRoutes);
  await app.register(currentUserRoutes);
  await app.register(accountsRoutes);
  await app.register(privacyRoutes);
  await app.register(submissionRoutes);
  await app.register(entryFormRoutes);
  await app.register(galleryRoutes);
  await app.register(consoleRoutes);
  await app.register(juryRoutes);
  await app.register(downloadLinkRoutes);
  await app.register(mediaRoutes);
  await app.register(seoRoutes);
  await app.register(healthRoutes); // before the pages: their not-found handler answers every other path
  await app.register(pageRoutes);
  return app;
}
