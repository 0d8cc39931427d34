import type { IntlShape } from 'react-intl';

/**
 * A time as the contest lives it: in the contest's zone (CONTEST_TIMEZONE, from /api/contest), not the
 * visitor's, with the 24-hour clock; pages put the zone's label ("Asia/Shanghai (UTC+8)") beside it.
 */
export function formatContestTime(intl: IntlShape, iso: string, timeZone: string, withYear = false): string {
  return intl.formatDate(iso, {
    timeZone,
    ...(withYear ? { year: 'numeric' } : {}),
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}
