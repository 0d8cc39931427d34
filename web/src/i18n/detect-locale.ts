import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, type Locale, matchLocale } from '../../../common/locales';

/** The /{lang} prefix of a path, if any. */
export function localeFromPath(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : undefined;
}

export function storedLocale(): Locale | undefined {
  try {
    const v = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be disabled (private mode); the URL prefix still carries the choice.
  }
}

function browserLocale(): Locale | undefined {
  const langs = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const l of langs) {
    const m = matchLocale(l);
    if (m) return m;
  }
  return undefined;
}

/** URL prefix, else the stored choice, else the browser language, else zh-CN. */
export function detectLocale(pathname: string): Locale {
  return localeFromPath(pathname) ?? storedLocale() ?? browserLocale() ?? DEFAULT_LOCALE;
}

/** The same path under another locale; bare paths stay bare (the choice is stored instead). */
export function switchPathLocale(pathname: string, locale: Locale): string {
  const current = localeFromPath(pathname);
  if (!current) return pathname;
  return `/${locale}${pathname.slice(current.length + 1)}`;
}
