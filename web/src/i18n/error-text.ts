import { Code, errorMessage, filledMessage, isErrorCode } from '../../../common/errors';
import { activeLocale } from './active-locale';

export type TextValues = Record<string, string | number>;

/**
 * The one way the web app turns a catalogue code into text: the code's text in the language on screen
 * (the client's own translation is preferred to the server's msg), its placeholders ("{size}",
 * "{value}") filled from `values` as the server fills them. A code the catalogue does not know reads as
 * `fallback` (usually the server's msg), else as Internal's text.
 */
export function errorText(code: number, values: TextValues = {}, fallback?: string): string {
  if (!isErrorCode(code)) return fallback ?? errorMessage(Code.Internal, activeLocale());
  return filledMessage(code, activeLocale(), values);
}
