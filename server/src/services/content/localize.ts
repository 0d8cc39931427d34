import { DEFAULT_LOCALE, type Locale } from '../../../../common/locales';

type I18nRecord = Partial<Record<Locale, Record<string, unknown>>>;

export function parseI18n(json: string): I18nRecord {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as I18nRecord) : {};
  } catch {
    return {};
  }
}

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * Picks the texts of one locale, field by field, falling back to zh-CN where the locale has none
 * (an organiser may translate the title but not yet the body).
 */
export function localize<T extends Record<string, unknown>>(json: string, locale: Locale, fields: readonly (keyof T & string)[]): T {
  const all = parseI18n(json);
  const wanted = all[locale] ?? {};
  const fallback = all[DEFAULT_LOCALE] ?? {};
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    out[field] = isFilled(wanted[field]) ? wanted[field] : (fallback[field] ?? '');
  }
  return out as T;
}
