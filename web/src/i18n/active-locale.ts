import { DEFAULT_LOCALE, type Locale } from '../../../common/locales';

let active: Locale = DEFAULT_LOCALE;

/**
 * The language on screen, for code outside React (the request layer's X-Locale, catalogue texts). The
 * locale providers (public site and console) set it as they render, before any child renders.
 */
export function setActiveLocale(locale: Locale): void {
  active = locale;
}

export function activeLocale(): Locale {
  return active;
}
