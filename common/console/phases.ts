import { z } from 'zod';
import { PHASES, type Phase } from '../constants';
import { WALL_CLOCK } from '../contest-time';
import { Code, codeMessage } from '../errors/codes';

/**
 * One phase as the console saves it (PUT /api/admin/phases/:phase). A time without a zone ("2026-06-30T23:59")
 * is the contest's wall clock (CONTEST_TIMEZONE), which is what the console sends, so the organiser's browser
 * zone never enters; an ISO instant with Z or an offset is taken as it is (scripts).
 */
const phaseTime = z
  .string()
  .refine((s) => WALL_CLOCK.test(s) || z.iso.datetime({ offset: true }).safeParse(s).success, { message: codeMessage(Code.ParameterError) });
export const phaseBody = z.object({ start: phaseTime, end: phaseTime });
export type PhaseBody = z.infer<typeof phaseBody>;
export const phaseParam = z.object({ phase: z.enum(PHASES) });

/**
 * Two phases that collide. `order`: the later phase in the contest's sequence starts before the earlier one;
 * `overlap`: it starts before the earlier one ends. Registration is left out: accounts are made all along.
 */
export type PhaseConflict = { phase: Phase; with: Phase; kind: 'order' | 'overlap' };

export type PhaseRow = {
  phase: Phase;
  /** ISO instants, null while the phase is unset. */
  start: string | null;
  end: string | null;
  /** The same in the contest's wall clock, "YYYY-MM-DDTHH:mm", what the console shows and edits. */
  startLocal: string | null;
  endLocal: string | null;
  /** The phases this one collides with (both sides list each other). */
  conflicts: Phase[];
};

export type PhasesAnswer = {
  /** CONTEST_TIMEZONE and its label, "Asia/Shanghai (UTC+8)". */
  timeZone: string;
  zoneLabel: string;
  phases: PhaseRow[];
  conflicts: PhaseConflict[];
};

type Windows = Partial<Record<Phase, { start: string; end: string }>>;

export function phaseConflicts(windows: Windows): PhaseConflict[] {
  const set = PHASES.filter((p) => p !== 'registration' && windows[p]);
  const out: PhaseConflict[] = [];
  for (let i = 0; i < set.length; i++) {
    for (let j = i + 1; j < set.length; j++) {
      const earlier = set[i] as Phase;
      const later = set[j] as Phase;
      const a = windows[earlier] as { start: string; end: string };
      const b = windows[later] as { start: string; end: string };
      if (b.start < a.start) out.push({ phase: later, with: earlier, kind: 'order' });
      else if (b.start < a.end) out.push({ phase: later, with: earlier, kind: 'overlap' });
    }
  }
  return out;
}
