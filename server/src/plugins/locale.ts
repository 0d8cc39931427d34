import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromAcceptLanguage } from '../../../common/locales';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** The locale of a request: X-Locale header, then Accept-Language, then zh-CN (DESIGN §4). */
export function requestLocale(headers: Record<string, string | string[] | undefined>): Locale {
  const explicit = headers['x-locale'];
  if (isLocale(explicit)) return explicit;
  const accept = headers['accept-language'];
  return localeFromAcceptLanguage(Array.isArray(accept) ? accept[0] : accept) ?? DEFAULT_LOCALE;
}

export const localePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', async (request) => {
    request.locale = requestLocale(request.headers);
  });
});
