/** Makes a switch over a closed set of kinds exhaustive: adding a kind without handling it fails the type check. */
export function assertNever(value: never, what: string): never {
  throw new Error(`Unhandled ${what}: ${String(value)}`);
}
