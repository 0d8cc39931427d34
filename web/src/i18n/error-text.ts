import { Code, ERRORS, isErrorCode } from '../../../common/errors';
import { activeLocale } from './active-locale';

export type TextValues = Record<string, string | number>;

/**
 * The one way the web app turns a catalogue code into text: the code's text in the language on screen
 * (the client's own translation is preferred to the server's msg, DESIGN §4), its placeholders ("{size}",
 * "{value}") filled from `values` (a placeholder without a value stays as it is, as on the server). A code
 * the catalogue does not know reads as `fallback` (usually the server's msg), else as Internal's text.
 */
export function errorText(code: number, values: TextValues = {}, fallback?: string): string {
  if (!isErrorCode(code)) return fallback ?? ERRORS[Code.Internal][activeLocale()];
  return ERRORS[code][activeLocale()].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
