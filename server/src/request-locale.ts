import { DEFAULT_LOCALE, isLocale, type Locale, localeFromAcceptLanguage } from '../../common/locales';

/** Accept-Language headers already parsed: browsers send a few distinct ones, and every request asks. */
const byAcceptLanguage = new Map<string, Locale>();
const MEMO_MAX = 500;

function fromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let locale = byAcceptLanguage.get(header);
  if (locale === undefined) {
    locale = localeFromAcceptLanguage(header) ?? DEFAULT_LOCALE;
    if (byAcceptLanguage.size < MEMO_MAX) byAcceptLanguage.set(header, locale);
  }
  return locale;
}

/**
 * The locale of a request: X-Locale header, then Accept-Language, then zh-CN. Kept apart from
 * the locale plugin so the upload server, which sees raw requests, answers in the same language.
 */
export function requestLocale(headers: Record<string, string | string[] | undefined>): Locale {
  const explicit = headers['x-locale'];
  if (isLocale(explicit)) return explicit;
  const accept = headers['accept-language'];
  return fromAcceptLanguage(Array.isArray(accept) ? accept[0] : accept);
}
