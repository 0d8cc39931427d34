import type { ErrorCode } from '../../../../common/errors';
import { errorMessage } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import { AppError } from '../../errors';

/**
 * An AppError whose catalogue text has placeholders ("File size exceeds {size} M", "The video is {value}
 * long"): the measured value travels with it and fills the message in the request's locale.
 */
export class RefusalError extends AppError {
  readonly values: Record<string, string | number>;

  constructor(code: ErrorCode, values: Record<string, string | number> = {}, options: { status?: number } = {}) {
    super(code, options);
    this.values = values;
  }
}

export function refusalMessage(code: ErrorCode, locale: Locale, values: Record<string, string | number> = {}): string {
  return errorMessage(code, locale).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

export function refusalBody(error: AppError, locale: Locale) {
  const values = error instanceof RefusalError ? error.values : {};
  return { code: error.code, msg: refusalMessage(error.code, locale, values), data: { values } };
}

/** "10:01" from seconds, for messages. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}
