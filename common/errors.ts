import accounts from './errors/accounts.json' with { type: 'json' };
import consoleArea from './errors/console.json' with { type: 'json' };
import core from './errors/core.json' with { type: 'json' };
import entryForm from './errors/entry-form.json' with { type: 'json' };
import gallery from './errors/gallery.json' with { type: 'json' };
import jury from './errors/jury.json' with { type: 'json' };
import media from './errors/media.json' with { type: 'json' };
import submission from './errors/submission.json' with { type: 'json' };
import type { Locale } from './locales';

export { Code, codeMessage } from './errors/codes';

/**
 * The error catalogue: the original site's numbered messages (1000-1007, 2001-2016, 200211, 3001) plus
 * the codes this product adds (new situations get new codes in new ranges, never a bare string), each with
 * an HTTP status and a text in every locale. The texts are data, kept in JSON: `errors/core.json` (those
 * original messages and transport) and one file per feature area (`errors/<area>.json`); a code appears in
 * exactly one of them, and its name is in `errors/codes.ts`.
 * Ranges: 1xxx accounts & general, 2xxx the original site's messages, 3xxx captcha, 4xxx contest rules,
 * 5xxx uploads, 6xxx console, 7xxx media, 9xxx transport-level (not found, rate limit, internal).
 * A text with `{name}` placeholders is filled in by the server (the envelope's msg carries the measured
 * value); clients show the server's msg for those codes.
 */
export type CatalogueEntry = { status: number } & Record<Locale, string>;

/** JSON keys are strings ("2015"); the catalogue's type names them as the numbers the API sends. */
type ByNumber<T> = { readonly [K in keyof T as K extends `${infer N extends number}` ? N : never]: CatalogueEntry };

// Each file is checked against the entry shape here, so a missing locale or status fails the type check.
const AREAS = [core, accounts, submission, gallery, consoleArea, media, jury, entryForm] satisfies Record<string, CatalogueEntry>[];

type Areas = typeof core & typeof accounts & typeof submission & typeof gallery & typeof consoleArea & typeof media & typeof jury & typeof entryForm;

// In JavaScript `{ 2015: x }` and `{ '2015': x }` are the same object: the cast only changes the key's type.
export const ERRORS = Object.assign({}, ...AREAS) as ByNumber<Areas>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'number' && Object.hasOwn(ERRORS, code);
}

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return ERRORS[code][locale];
}

/** The code's text with its placeholders ("{size}") filled from `values`; a placeholder without a value stays as written. */
export function filledMessage(code: ErrorCode, locale: Locale, values: Readonly<Record<string, string | number>> = {}): string {
  return errorMessage(code, locale).replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}
