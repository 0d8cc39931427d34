import { type ErrorCode, errorStatus } from '../../common/errors';

/**
 * The one error type business code throws. It carries a catalogue code; the error handler turns it into
 * the envelope with the message in the request's locale. `fields` names form fields that are wrong.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, ErrorCode>;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, options: { status?: number; fields?: Record<string, ErrorCode>; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(`AppError ${code}`, { cause: options.cause });
    this.code = code;
    this.status = options.status ?? errorStatus(code);
    this.fields = options.fields;
    this.headers = options.headers;
  }
}
