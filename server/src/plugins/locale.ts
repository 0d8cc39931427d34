import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, type Locale } from '../../../common/locales';
import { requestLocale } from '../request-locale';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

export const localePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  // A callback hook: an async one costs a promise per request for a synchronous job.
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = requestLocale(request.headers);
    done();
  });
});
