import type { PhaseWindow } from '../../../../common/api-types';
import { UPLOAD_GRACE_DEFAULT_MINUTES, UPLOAD_GRACE_MAX_MINUTES } from '../../../../common/console/uploads';
import { Code } from '../../../../common/errors';
import { EMPOWER_MAX_BYTES_DEFAULT, ENTRY_LIMIT_DEFAULT, type SubmissionInfo } from '../../../../common/schemas/entry';
import { EMPOWER_MAX_BYTES_SETTING, ENTRY_LIMIT_SETTING, UPLOAD_GRACE_SETTING } from '../../../../common/settings-keys';
import type { Db } from '../../db/database';
import { countActiveEntries, listUserEntries } from '../../db/repos/entries/repository';
import { readSettings } from '../../db/repos/settings';
import { AppError } from '../../errors';
import { isPhaseOpen, phaseWindows } from '../contest/contest-info';
import { sentBack } from '../entries/status';

/**
 * `graceEnd`: until when an upload begun before the deadline may go on, and the entry it belongs to still be
 * sent (the deadline plus the organiser's grace period); null without a submission window.
 */
export type SubmissionSettings = {
  window: PhaseWindow | null;
  open: boolean;
  graceEnd: string | null;
  entryLimit: number;
  empowerMaxBytes: number;
};

function grace(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= UPLOAD_GRACE_MAX_MINUTES ? n : UPLOAD_GRACE_DEFAULT_MINUTES;
}

function positiveInt(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export async function submissionSettings(db: Db, now = new Date()): Promise<SubmissionSettings> {
  const settings = await readSettings(db);
  const windows = phaseWindows(settings);
  const window = windows.find((w) => w.phase === 'submission') ?? null;
  return {
    window,
    open: isPhaseOpen(windows, 'submission', now),
    graceEnd: window ? new Date(Date.parse(window.end) + grace(settings[UPLOAD_GRACE_SETTING]) * 60_000).toISOString() : null,
    entryLimit: positiveInt(settings[ENTRY_LIMIT_SETTING], ENTRY_LIMIT_DEFAULT),
    empowerMaxBytes: positiveInt(settings[EMPOWER_MAX_BYTES_SETTING], EMPOWER_MAX_BYTES_DEFAULT),
  };
}

/** The person may submit at all: signed in (checked by the route), verified, inside the window. */
export function assertMaySubmit(user: { verified: boolean }, settings: SubmissionSettings): void {
  if (!user.verified) throw new AppError(Code.SubmitNeedsVerifiedEmail);
  if (!settings.open) throw new AppError(Code.SubmissionClosed);
}

/**
 * Whether files begun before the deadline (`startedAt`: their upload rows' creation) may still go on, or be
 * sent in an entry, now that the window is closed: only until the grace period ends.
 */
export function withinGrace(settings: SubmissionSettings, startedAt: string[], now: Date): boolean {
  const { window, graceEnd } = settings;
  if (!window || !graceEnd || now.toISOString() >= graceEnd) return false;
  return startedAt.every((t) => t >= window.start && t <= window.end);
}

/**
 * The next chunk of an upload still in progress: inside the window, or begun in it and inside the grace
 * period after it; otherwise 4014 (the caller removes the upload, so nothing is left half-sent).
 */
export function assertUploadMayContinue(settings: SubmissionSettings, startedAt: string, now: Date): void {
  if (settings.open || withinGrace(settings, [startedAt], now)) return;
  throw new AppError(Code.UploadPastGrace);
}

/** What the submission page shows before the form: the window, the limits and how many entries the person has. */
export async function submissionInfo(db: Db, userId: number): Promise<SubmissionInfo> {
  const s = await submissionSettings(db);
  const window = s.window ? { start: s.window.start, end: s.window.end } : null;
  return { window, open: s.open, entryLimit: s.entryLimit, entryCount: await countActiveEntries(db, userId), empowerMaxBytes: s.empowerMaxBytes };
}

/**
 * The settings as one person's uploads see them: someone with an entry sent back for changes may upload its
 * replacement files after the window closes, since the organiser asked for them.
 */
export async function uploadSettingsFor(db: Db, userId: number, now = new Date()): Promise<SubmissionSettings> {
  const settings = await submissionSettings(db, now);
  if (settings.open) return settings;
  const mine = await listUserEntries(db, userId);
  return mine.some((e) => sentBack(e.status)) ? { ...settings, open: true } : settings;
}
