import type { CountsShown } from '../../../../common/gallery';
import type { Db } from '../../db/database';
import { takeSnapshot } from '../../db/repos/entries/vote-counts';
import { snapshotCounts, snapshotTakenAt } from '../../db/repos/gallery/count-snapshots';
import type { VotingSettings } from './voting-settings';

/**
 * The counts visitors see. Every public answer that carries a count (the gallery list, the entry, the vote's
 * answer, the page's initial data, which is the list) passes through here, so a hidden or delayed count
 * never leaves the server: hidden is null, delayed is the snapshot's. The response cache keeps what this
 * returned, never the raw count. Once voting has closed every count shows as it is.
 */
export function countsShown(settings: VotingSettings, asOf: string | null = null): CountsShown {
  const display = settings.closed ? 'live' : settings.countDisplay;
  return { display, asOf: display === 'delayed' ? asOf : null };
}

/** The start of the current interval: snapshots are taken on its boundaries, so every instance agrees. */
function intervalStart(minutes: number, now: Date): string {
  const ms = minutes * 60_000;
  return new Date(Math.floor(now.getTime() / ms) * ms).toISOString();
}

/** The delayed snapshot's time, retaken first when it is older than the current interval. */
async function freshSnapshot(db: Db, minutes: number, now: Date): Promise<string> {
  const due = intervalStart(minutes, now);
  const at = await snapshotTakenAt(db);
  if (at === null || at < due) await takeSnapshot(db, due);
  return due;
}

type Counted = { id: number; voteCount: number | null };

/** The rows with their counts as visitors may see them, and what the page should say about them. */
export async function showCounts<T extends Counted>(
  db: Db,
  settings: VotingSettings,
  rows: T[],
  now = new Date(),
): Promise<{ rows: T[]; counts: CountsShown }> {
  const shown = countsShown(settings);
  if (shown.display === 'live') return { rows, counts: shown };
  if (shown.display === 'hidden') return { rows: rows.map((r) => ({ ...r, voteCount: null })), counts: shown };
  const asOf = await freshSnapshot(db, settings.countDelayMinutes, now);
  const snap = await snapshotCounts(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ ...r, voteCount: snap.get(r.id) ?? 0 })), counts: countsShown(settings, asOf) };
}
