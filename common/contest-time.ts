/**
 * Wall-clock times in the contest's own zone (CONTEST_TIMEZONE), shared by the server and both apps: the
 * organiser types "2026-06-30 23:59" meaning that minute where the contest happens, whatever zone their
 * browser is in, and every visitor reads it back as the same minute, labelled with the zone.
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

/** The wall clock at `at` in `timeZone`, by field (year, month, day, hour, minute, second). */
export function wallClockParts(timeZone: string, at: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(at)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** Minutes the zone is ahead of UTC at that instant (Asia/Shanghai: 480). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const p = wallClockParts(timeZone, at);
  const wall = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DDTHH:mm", the wall clock of an instant in the zone. */
export function wallClockOf(iso: string, timeZone: string): string {
  const p = wallClockParts(timeZone, new Date(iso));
  return `${p.year}-${pad(p.month as number)}-${pad(p.day as number)}T${pad(p.hour as number)}:${pad(p.minute as number)}`;
}

/** A wall-clock time with no zone of its own: "YYYY-MM-DDTHH:mm" (seconds allowed). */
export const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant (ISO, UTC) of a wall-clock time in the zone. Two passes find the offset in force at that
 * time, so a date across a daylight-saving change gets its own offset, not today's.
 */
export function instantOf(wall: string, timeZone: string): string {
  const m = WALL_CLOCK.exec(wall);
  if (!m) throw new Error(`not a wall-clock time: ${wall}`);
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  let t = asUtc - zoneOffsetMinutes(timeZone, new Date(asUtc)) * 60_000;
  t = asUtc - zoneOffsetMinutes(timeZone, new Date(t)) * 60_000;
  return new Date(t).toISOString();
}

/** "UTC+8", "UTC+5:30", "UTC-3", "UTC+0". */
export function utcOffsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `UTC${sign}${h}${m ? `:${pad(m)}` : ''}`;
}

/** "Asia/Shanghai (UTC+8)": the zone's name and the offset in force at `at`. */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  return `${timeZone} (${utcOffsetLabel(zoneOffsetMinutes(timeZone, at))})`;
}
