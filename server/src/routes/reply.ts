/**
 * The success envelope: `{ code: 0, msg, data }` with 200/201; `msg` is a catalogue text when the page shows
 * one ("Vote Successfully").
 */
export function ok<T>(data: T, msg = 'ok') {
  return { code: 0 as const, msg, data };
}
