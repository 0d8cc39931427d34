import { type ErrorCode, errorMessage, errorStatus } from '../../common/errors';
import type { Locale } from '../../common/locales';

/** What fills a catalogue text's placeholders ("File size exceeds {size} M" -> { size: 5 }). */
export type MessageValues = Record<string, string | number>;

export type AppErrorOptions = {
  status?: number;
  /** Form fields that are wrong, each with its own code (`data.fields`). */
  fields?: Record<string, ErrorCode>;
  /** The measured values the text names ({size}, {limit}...); sent as `data.values`. */
  values?: MessageValues;
  headers?: Record<string, string>;
  cause?: unknown;
};

/**
 * The one error type the server throws. It carries a catalogue code; the error handler (and the upload
 * server) turn it into the envelope with `failureBody`, the message in the request's locale.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, ErrorCode>;
  readonly values?: MessageValues;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(`AppError ${code}`, { cause: options.cause });
    this.code = code;
    this.status = options.status ?? errorStatus(code);
    this.fields = options.fields;
    this.values = options.values;
    this.headers = options.headers;
  }
}

export type FailureBody = {
  code: number;
  msg: string;
  data?: { fields?: Record<string, { code: number; msg: string }>; values?: MessageValues };
};

/** The catalogue text with its placeholders filled; a placeholder without a value stays as written. */
function filledMessage(code: ErrorCode, locale: Locale, values: MessageValues = {}): string {
  return errorMessage(code, locale).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/**
 * The failure envelope: `{ code, msg, data?: { fields } }`, msg in the request's locale. Every failure
 * answer is built here, whoever sends it.
 */
export function failureBody(code: ErrorCode, locale: Locale, detail: { fields?: Record<string, ErrorCode>; values?: MessageValues } = {}): FailureBody {
  const body: FailureBody = { code, msg: filledMessage(code, locale, detail.values) };
  const { fields, values } = detail;
  const hasFields = fields !== undefined && Object.keys(fields).length > 0;
  if (hasFields || values) {
    body.data = {};
    if (hasFields) body.data.fields = Object.fromEntries(Object.entries(fields).map(([k, c]) => [k, { code: c, msg: errorMessage(c, locale) }]));
    if (values) body.data.values = values;
  }
  return body;
}
