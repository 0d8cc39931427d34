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
  app.addHook('onRequest', async (request) => {
    request.locale = requestLocale(request.headers);
  });
});
