import { type Locale, SUPPORTED_LOCALES } from '../locales';

/**
 * Which locales of a content item lack a text the item has elsewhere: the public site falls back to
 * Chinese for a missing text, so an English visitor would read Chinese without anyone noticing. zh-TW
 * counts as present while zh-CN has the text, because every save fills it from zh-CN.
 */

/** Rich text that shows nothing (an empty paragraph an editor leaves) is no text; an image is something. */
export function hasText(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasText);
  if (typeof value !== 'string') return false;
  if (/<img\b/i.test(value)) return true;
  return (
    value
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() !== ''
  );
}

export function missingLocales(i18n: Partial<Record<string, Record<string, unknown> | undefined>>, fields: readonly string[]): Locale[] {
  const wanted = fields.filter((field) => SUPPORTED_LOCALES.some((locale) => hasText(i18n[locale]?.[field])));
  return SUPPORTED_LOCALES.filter((locale) =>
    wanted.some((field) => !hasText(i18n[locale]?.[field]) && !(locale === 'zh-TW' && hasText(i18n['zh-CN']?.[field]))),
  );
}
