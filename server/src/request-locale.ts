import { DEFAULT_LOCALE, isLocale, type Locale, localeFromAcceptLanguage } from '../../common/locales';

/**
 * The locale of a request: X-Locale header, then Accept-Language, then zh-CN (DESIGN §4). Kept apart from
 * the locale plugin so the upload server, which sees raw requests, answers in the same language.
 */
export function requestLocale(headers: Record<string, string | string[] | undefined>): Locale {
  const explicit = headers['x-locale'];
  if (isLocale(explicit)) return explicit;
  const accept = headers['accept-language'];
  return localeFromAcceptLanguage(Array.isArray(accept) ? accept[0] : accept) ?? DEFAULT_LOCALE;
}
