/**
 * Calendar days as the contest's audience lives them (CONTEST_TIMEZONE, default Asia/Shanghai): "one vote
 * per day" and "votes today" turn over at local midnight, not at 08:00 Beijing time as UTC days would.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(timeZone: string, at: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts;
}

/** Throws a clear error at start-up for a zone name the runtime does not know. */
export function assertTimeZone(timeZone: string): string {
  try {
    formatter(timeZone);
  } catch {
    throw new Error(`CONTEST_TIMEZONE "${timeZone}" is not a time zone name (e.g. Asia/Shanghai, Asia/Taipei, UTC)`);
  }
  return timeZone;
}

/** The contest day (YYYY-MM-DD) an instant falls on. */
export function contestDay(timeZone: string, at: Date): string {
  const p = wallClock(timeZone, at);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant (ISO, UTC) at which the contest day holding `at` began. */
export function contestDayStart(timeZone: string, at: Date): string {
  const p = wallClock(timeZone, at);
  const wallMs = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second);
  const offsetMs = Math.round((wallMs - at.getTime()) / 60_000) * 60_000;
  return new Date(Date.UTC(p.year as number, (p.month as number) - 1, p.day) - offsetMs).toISOString();
}
