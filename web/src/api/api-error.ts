import type { TextValues } from '../i18n/error-text';

/** A field's refusal in an answer's `data.fields`. */
export type FieldRefusal = { code: number; msg: string };

/**
 * A failed API call: the catalogue code, the HTTP status (0 for network/time-out), the server's msg, the
 * fields it names and the measured values its text was filled with (`data.values`, for errorText).
 */
export class ApiError extends Error {
  /** Set by the request layer when it has already told the person (an expired session: message and login). */
  announced = false;

  constructor(
    readonly code: number,
    readonly status: number,
    readonly msg: string,
    readonly fields?: Record<string, FieldRefusal>,
    readonly values: TextValues = {},
  ) {
    super(msg || `API error ${code}`);
  }
}

/** True when the request layer has already shown this failure, so a form's catch must show nothing more. */
export function isAnnounced(err: unknown): boolean {
  return err instanceof ApiError && err.announced;
}
