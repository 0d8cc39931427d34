import { wallClockParts } from '../../../../common/contest-time';
/**
 * Calendar days as the contest's audience lives them (CONTEST_TIMEZONE, default Asia/Shanghai): "one vote
 * per day" and "votes today" turn over at local midnight, not at 08:00 Beijing time as UTC days would.
 */

/** Throws a clear error at start-up for a zone name the runtime does not know. */
export function assertTimeZone(timeZone: string): string {
  try {
    wallClockParts(timeZone, new Date());
  } catch {
    throw new Error(`CONTEST_TIMEZONE "${timeZone}" is not a time zone name (e.g. Asia/Shanghai, Asia/Taipei, UTC)`);
  }
  return timeZone;
}

/** The contest day (YYYY-MM-DD) an instant falls on. */
export function contestDay(timeZone: string, at: Date): string {
  const p = wallClockParts(timeZone, at);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant (ISO, UTC) at which the contest day holding `at` began. */
export function contestDayStart(timeZone: string, at: Date): string {
  const p = wallClockParts(timeZone, at);
  const wallMs = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second);
  const offsetMs = Math.round((wallMs - at.getTime()) / 60_000) * 60_000;
  return new Date(Date.UTC(p.year as number, (p.month as number) - 1, p.day) - offsetMs).toISOString();
}
