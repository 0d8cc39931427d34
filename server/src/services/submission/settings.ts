import type { PhaseWindow } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import { EMPOWER_MAX_BYTES_DEFAULT, ENTRY_LIMIT_DEFAULT, type SubmissionInfo } from '../../../../common/schemas/entry';
import type { Db } from '../../db/database';
import { readSettings } from '../../db/repos/settings';
import { countActiveEntries } from '../../db/repos/submission/entries';
import { AppError } from '../../errors';
import { isPhaseOpen, phaseWindows } from '../contest/contest-info';

/** Settings keys the console edits (issue E); defaults live here. */
export const ENTRY_LIMIT_SETTING = 'submission.entryLimit';
export const EMPOWER_MAX_BYTES_SETTING = 'submission.empowerMaxBytes';

export type SubmissionSettings = { window: PhaseWindow | null; open: boolean; entryLimit: number; empowerMaxBytes: number };

function positiveInt(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export async function submissionSettings(db: Db, now = new Date()): Promise<SubmissionSettings> {
  const settings = await readSettings(db);
  const windows = phaseWindows(settings);
  return {
    window: windows.find((w) => w.phase === 'submission') ?? null,
    open: isPhaseOpen(windows, 'submission', now),
    entryLimit: positiveInt(settings[ENTRY_LIMIT_SETTING], ENTRY_LIMIT_DEFAULT),
    empowerMaxBytes: positiveInt(settings[EMPOWER_MAX_BYTES_SETTING], EMPOWER_MAX_BYTES_DEFAULT),
  };
}

/** The person may submit at all: signed in (checked by the route), verified, inside the window. */
export function assertMaySubmit(user: { verified: boolean }, settings: SubmissionSettings): void {
  if (!user.verified) throw new AppError(Code.SubmitNeedsVerifiedEmail);
  if (!settings.open) throw new AppError(Code.SubmissionClosed);
}

/** What the submission page shows before the form: the window, the limits and how many entries the person has. */
export async function submissionInfo(db: Db, userId: number): Promise<SubmissionInfo> {
  const s = await submissionSettings(db);
  const window = s.window ? { start: s.window.start, end: s.window.end } : null;
  return { window, open: s.open, entryLimit: s.entryLimit, entryCount: await countActiveEntries(db, userId), empowerMaxBytes: s.empowerMaxBytes };
}
