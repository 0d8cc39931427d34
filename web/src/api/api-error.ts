/** A failed API call: the catalogue code, the HTTP status (0 for network/time-out) and the server's msg. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
    readonly msg: string,
    readonly fields?: Record<string, { code: number; msg: string }>,
  ) {
    super(msg || `API error ${code}`);
  }
}
