/** Locales the product is offered in. zh-CN is the default. */
export const SUPPORTED_LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** localStorage key; the original site's (umi) key, so returning visitors keep their choice. */
export const LOCALE_STORAGE_KEY = 'umi_locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * Maps a browser / Accept-Language tag to a supported locale, or undefined when none fits.
 * Traditional-script regions (TW, HK, MO, Hant) map to zh-TW; any other zh to zh-CN; any en to en-US.
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const t = tag.trim().toLowerCase();
  if (!t) return undefined;
  if (t.startsWith('zh')) {
    return /(-tw|-hk|-mo|-hant)/.test(t) ? 'zh-TW' : 'zh-CN';
  }
  if (t === 'en' || t.startsWith('en-')) return 'en-US';
  return undefined;
}

/** Picks the first supported locale from an Accept-Language header (weights respected). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) {
    const found = matchLocale(r.tag);
    if (found) return found;
  }
  return undefined;
}

/** Right-to-left applies to locales beginning with he, ar, fa or ku. */
export function isRtl(locale: string): boolean {
  return /^(he|ar|fa|ku)/i.test(locale);
}

/** Texts stored per locale; missing locales fall back to zh-CN. */
export type Localized<T> = Partial<Record<Locale, T>>;

/** Each locale's name in its own language, for the language switcher (deliberately not translated). */
export const LOCALE_LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', 'en-US': 'English' };
