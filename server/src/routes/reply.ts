/** The success envelope of DESIGN §4. */
export function ok<T>(data: T) {
  return { code: 0 as const, msg: 'ok', data };
}
