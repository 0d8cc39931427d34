/**
 * Reads environment settings for `loadConfig`. A setting left unset (or empty) takes its default; a setting
 * given a value it cannot use is recorded as a problem, and `loadConfig` refuses to start with every problem
 * named at once. A typo silently replaced by a default is worse than a refusal: the site would run with a
 * limit or a mode its organiser did not choose, and nothing would say so.
 */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The server cannot start with these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

export class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** The raw value, or undefined when unset or empty (an empty line in an env file means "the default"). */
  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  problem(name: string, value: string, wanted: string): void {
    this.problems.push(`${name}="${value}": ${wanted}`);
  }

  /** Runs a parser that throws on a bad value (time zones, proxy lists), recording its message as the problem. */
  parsed<T>(name: string, parse: (value: string | undefined) => T, fallback: T): T {
    try {
      return parse(this.env[name]);
    } catch (err) {
      this.problems.push(err instanceof Error ? err.message : `${name}: ${String(err)}`);
      return fallback;
    }
  }

  text(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  /** A whole number of at least `min` (and at most `max`). */
  whole(name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    this.problem(name, value, max === Number.MAX_SAFE_INTEGER ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`);
    return fallback;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const word = value.toLowerCase();
    if (TRUE_WORDS.includes(word)) return true;
    if (FALSE_WORDS.includes(word)) return false;
    this.problem(name, value, `one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}`);
    return fallback;
  }

  oneOf<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const found = choices.find((c) => c === value.toLowerCase());
    if (found) return found;
    this.problem(name, value, `one of ${choices.join(', ')}`);
    return fallback;
  }

  /** An http(s) address without a trailing slash. */
  url(name: string, fallback: string): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    try {
      const u = new URL(value);
      if (u.protocol === 'http:' || u.protocol === 'https:') return value.replace(/\/+$/, '');
    } catch {
      // recorded below
    }
    this.problem(name, value, 'an http:// or https:// address');
    return fallback;
  }

  /** "MAX/MINUTES", e.g. 50/15: at most 50 within 15 minutes. */
  limit(name: string, max: number, minutes: number): { max: number; windowMs: number } {
    const value = this.raw(name);
    const match = value === undefined ? null : /^(\d+)\/(\d+)$/.exec(value);
    if (value !== undefined && (!match || Number(match[2]) === 0)) this.problem(name, value, 'MAX/MINUTES, e.g. 50/15');
    const ok = match && Number(match[2]) > 0;
    return { max: ok ? Number(match[1]) : max, windowMs: (ok ? Number(match[2]) : minutes) * 60_000 };
  }

  /** Throws one error naming every bad setting, if any. */
  assertValid(): void {
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}
