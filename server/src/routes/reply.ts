/** The success envelope of DESIGN §4; `msg` is a catalogue text when the page shows one ("Vote Successfully"). */
export function ok<T>(data: T, msg = 'ok') {
  return { code: 0 as const, msg, data };
}
