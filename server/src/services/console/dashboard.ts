import type { CleanupFigures, DashboardStats } from '../../../../common/console/api-types';
import { CLEANUP_SETTING } from '../../../../common/settings-keys';
import type { Db } from '../../db/database';
import { userCounts } from '../../db/repos/console/users';
import { votesPerHour, votesToday } from '../../db/repos/console/votes';
import { entriesByColumn, entriesPerDay, voteTotals } from '../../db/repos/entries/repository';
import { readSettings } from '../../db/repos/settings';
import { contestDayStart } from '../contest/contest-day';

const DAY = 86_400_000;

/** The console's first page: counts at a glance, entries per day (30 days), votes per hour (48 h, UTC). */
export async function dashboardStats(db: Db, timeZone: string, now = new Date()): Promise<DashboardStats> {
  const since = new Date(now.getTime() - 29 * DAY).toISOString().slice(0, 10);
  const hourStart = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const sinceHour = new Date(hourStart - 47 * 3_600_000).toISOString();
  const [users, byStatus, byGroup, perDay, votes, today, hourly, settings] = await Promise.all([
    userCounts(db),
    entriesByColumn(db, 'status'),
    entriesByColumn(db, 'group'),
    entriesPerDay(db, since),
    voteTotals(db),
    // "Today" starts at the contest's midnight (CONTEST_TIMEZONE).
    votesToday(db, contestDayStart(timeZone, now)),
    votesPerHour(db, sinceHour),
    readSettings(db),
  ]);
  const perHourCounts = new Map(hourly.map((h) => [h.hour, Number(h.n)]));
  const hours = Array.from({ length: 48 }, (_, i) => new Date(hourStart - (47 - i) * 3_600_000).toISOString().slice(0, 13));
  const counts = new Map(perDay.map((d) => [d.day, Number(d.n)]));
  const days = Array.from({ length: 30 }, (_, i) => new Date(now.getTime() - (29 - i) * DAY).toISOString().slice(0, 10));
  return {
    users,
    cleanup: (settings[CLEANUP_SETTING] as CleanupFigures | undefined) ?? null,
    entries: {
      byStatus: Object.fromEntries(byStatus.map((r) => [r.status as string, Number(r.n)])),
      byGroup: Object.fromEntries(byGroup.map((r) => [r.group as string, Number(r.n)])),
      perDay: days.map((day) => ({ day, count: counts.get(day) ?? 0 })),
    },
    votes: {
      total: votes.total,
      today: Number(today.n),
      perHour: hours.map((hour) => ({ hour, count: perHourCounts.get(hour) ?? 0 })),
      top: votes.top.map((e) => ({ id: e.id, entryNo: e.entry_no, title: e.title, votes: e.vote_count })),
    },
  };
}
