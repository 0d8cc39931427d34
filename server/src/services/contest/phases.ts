import { type PhaseBody, type PhaseRow, type PhasesAnswer, phaseConflicts } from '../../../../common/console/phases';
import { PHASES, type Phase } from '../../../../common/constants';
import { instantOf, WALL_CLOCK, wallClockOf, zoneLabel } from '../../../../common/contest-time';
import { Code } from '../../../../common/errors';
import { PHASES_SETTING } from '../../../../common/settings-keys';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { readSettings, writeSetting } from '../../db/repos/settings';
import { AppError } from '../../errors';
import { forgetVotingSettings } from '../gallery/voting-settings';

type Windows = Partial<Record<Phase, { start: string; end: string }>>;

async function readWindows(db: Db): Promise<Windows> {
  const raw = ((await readSettings(db))[PHASES_SETTING] ?? {}) as Record<string, { start?: string; end?: string } | undefined>;
  const out: Windows = {};
  for (const p of PHASES) {
    const w = raw[p];
    if (w?.start && w.end) out[p] = { start: w.start, end: w.end };
  }
  return out;
}

/** The phases with their contest-zone wall clock and what collides with what. */
export async function readPhases(db: Db, config: Config): Promise<PhasesAnswer> {
  const windows = await readWindows(db);
  const timeZone = config.contestTimezone;
  const conflicts = phaseConflicts(windows);
  const phases: PhaseRow[] = PHASES.map((phase) => {
    const w = windows[phase];
    return {
      phase,
      start: w?.start ?? null,
      end: w?.end ?? null,
      startLocal: w ? wallClockOf(w.start, timeZone) : null,
      endLocal: w ? wallClockOf(w.end, timeZone) : null,
      conflicts: conflicts.flatMap((c) => (c.phase === phase ? [c.with] : c.with === phase ? [c.phase] : [])),
    };
  });
  return { timeZone, zoneLabel: zoneLabel(timeZone), phases, conflicts };
}

const toInstant = (value: string, timeZone: string) => (WALL_CLOCK.test(value) ? instantOf(value, timeZone) : new Date(value).toISOString());

/**
 * Saves one phase, leaving the others as they are, so an organiser fills the calendar one phase at a time.
 * A phase that ends before it starts is refused (6005). Phases that collide are saved and reported in the
 * answer (`conflicts`), not refused: moving a calendar one phase at a time passes through such states.
 */
export async function savePhase(db: Db, config: Config, phase: Phase, input: PhaseBody): Promise<PhasesAnswer> {
  const start = toInstant(input.start, config.contestTimezone);
  const end = toInstant(input.end, config.contestTimezone);
  if (!(start < end)) throw new AppError(Code.PhaseOrder, { fields: { end: Code.PhaseOrder } });
  await db.transaction().execute(async (trx) => {
    const windows = await readWindows(trx);
    await writeSetting(trx, PHASES_SETTING, { ...windows, [phase]: { start, end } });
  });
  forgetVotingSettings(db); // voting's window and the gallery's opening apply at once on this instance
  return readPhases(db, config);
}

/** Unsets one phase (the site then behaves as it does for a phase never planned). */
export async function clearPhase(db: Db, config: Config, phase: Phase): Promise<PhasesAnswer> {
  await db.transaction().execute(async (trx) => {
    const { [phase]: _gone, ...rest } = await readWindows(trx);
    await writeSetting(trx, PHASES_SETTING, rest);
  });
  forgetVotingSettings(db);
  return readPhases(db, config);
}
