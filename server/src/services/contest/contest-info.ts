import type { ContestInfo, PhaseWindow } from '../../../../common/api-types';
import { PHASES, type Phase } from '../../../../common/constants';
import { zoneLabel } from '../../../../common/contest-time';
import { PHASES_SETTING } from '../../../../common/settings-keys';
import type { Db } from '../../db/database';
import { readSettings } from '../../db/repos/settings';

export function phaseWindows(settings: Record<string, unknown>): PhaseWindow[] {
  const raw = (settings[PHASES_SETTING] ?? {}) as Partial<Record<Phase, { start?: string; end?: string }>>;
  return PHASES.filter((p) => raw[p]?.start && raw[p]?.end).map((phase) => ({
    phase,
    start: raw[phase]?.start as string,
    end: raw[phase]?.end as string,
  }));
}

export function currentPhase(windows: PhaseWindow[], now: Date): Phase | null {
  const t = now.toISOString();
  return windows.find((w) => w.start <= t && t < w.end)?.phase ?? null;
}

/** Whether `phase` is open at `now` (e.g. submission, voting). */
export function isPhaseOpen(windows: PhaseWindow[], phase: Phase, now: Date): boolean {
  const w = windows.find((x) => x.phase === phase);
  const t = now.toISOString();
  return Boolean(w && w.start <= t && t < w.end);
}

/**
 * The phases for visitors in date order (an organiser may plan them in any order, e.g. judging before an
 * exhibition), with the contest's zone so every page shows the organiser's times, labelled.
 */
export async function getContestInfo(db: Db, timeZone: string, now = new Date()): Promise<ContestInfo> {
  // ISO UTC strings sort as text; equal starts keep the phases' usual order (the sort is stable).
  const windows = phaseWindows(await readSettings(db)).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return { phases: windows, currentPhase: currentPhase(windows, now), now: now.toISOString(), timeZone, zoneLabel: zoneLabel(timeZone, now) };
}
