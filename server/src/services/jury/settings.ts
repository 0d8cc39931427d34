import type { JurySettings } from '../../../../common/jury/schemas';
import { JURY_SETTINGS } from '../../../../common/settings-keys';
import type { Db } from '../../db/database';
import { readSettings, writeSetting } from '../../db/repos/settings';
import { isPhaseOpen, phaseWindows } from '../contest/contest-info';

/** Open judging and a 70/30 jury/public split until the organiser says otherwise. */
const DEFAULTS: JurySettings = { blind: false, juryWeight: 70, publicWeight: 30 };

export async function readJurySettings(db: Db): Promise<JurySettings> {
  const stored = (await readSettings(db))[JURY_SETTINGS] as Partial<JurySettings> | undefined;
  return { ...DEFAULTS, ...stored };
}

export async function writeJurySettings(db: Db, input: JurySettings): Promise<JurySettings> {
  await writeSetting(db, JURY_SETTINGS, input);
  return readJurySettings(db);
}

/**
 * Scores lock when the judging phase (contest settings) has ended. Without a judging window the organiser
 * has not planned one yet, so nothing is locked.
 */
export async function judgingWindow(db: Db, now = new Date()): Promise<{ locked: boolean; judging: { start: string; end: string } | null; open: boolean }> {
  const windows = phaseWindows(await readSettings(db));
  const w = windows.find((x) => x.phase === 'judging');
  const judging = w ? { start: w.start, end: w.end } : null;
  return { judging, locked: Boolean(judging && now.toISOString() >= judging.end), open: isPhaseOpen(windows, 'judging', now) };
}
