import type { Updateable } from 'kysely';
import type { EntryAward, EntryStatus } from '../../../../common/entry';
import { Code, type ErrorCode } from '../../../../common/errors';
import type { EntriesTable } from '../../db/schema/entries';
import { AppError } from '../../errors';

/**
 * The entry's status machine: every change of an entry's status (and of the organiser's award, which only an
 * approved entry carries) is allowed here or refused here with its catalogued code. The submission, console
 * review and jury services ask before they write, and take the columns a transition writes from here.
 *
 * 'new' is an entry not written yet. Nothing moves an entry to 'draft' today; the status exists in the schema.
 */
export type EntryState = EntryStatus | 'new';

type Transition = { from: readonly EntryState[]; to: EntryStatus; refusal: ErrorCode };

export const ENTRY_TRANSITIONS = {
  /** An entrant sends an entry: it waits for review. */
  submit: { from: ['new'], to: 'pending', refusal: Code.EntryStatusConflict },
  /**
   * The entrant changes texts or files while the entry waits for review, or after a reviewer sent it back:
   * saving the changes puts it back in review.
   */
  edit: { from: ['pending', 'changesRequested'], to: 'pending', refusal: Code.EntryLocked },
  /** The entrant takes the entry back while it waits for review: it stops counting towards the limit. */
  withdraw: { from: ['pending', 'changesRequested'], to: 'withdrawn', refusal: Code.EntryLocked },
  /** A reviewer sends a waiting entry back to its entrant with a note of what to change. */
  requestChanges: { from: ['pending'], to: 'changesRequested', refusal: Code.EntryStatusConflict },
  /**
   * The entrant's personal data is erased (account deletion, or the organiser on their behalf): from any
   * status, since a person may leave after review too. The entry stays in the contest's record, withdrawn.
   */
  erase: { from: ['draft', 'pending', 'changesRequested', 'approved', 'rejected', 'withdrawn'], to: 'withdrawn', refusal: Code.EntryStatusConflict },
  /** An organiser approves, also a rejected entry again (it keeps its entry number if it had one). */
  approve: { from: ['pending', 'changesRequested', 'rejected'], to: 'approved', refusal: Code.EntryStatusConflict },
  /** An organiser rejects, also an approved entry (it leaves the gallery and loses its award). */
  reject: { from: ['pending', 'changesRequested', 'approved'], to: 'rejected', refusal: Code.EntryStatusConflict },
  /** An organiser marks an approved entry finalist or winner. */
  award: { from: ['approved'], to: 'approved', refusal: Code.AwardNeedsApproval },
  /** An organiser takes the mark away again. */
  revokeAward: { from: ['approved'], to: 'approved', refusal: Code.AwardNeedsApproval },
  /** The jury gives an approved entry one of its named awards, or takes it away (an entry that does not exist is refused alike). */
  juryAward: { from: ['approved'], to: 'approved', refusal: Code.JuryAwardNeedsApproval },
} as const satisfies Record<string, Transition>;

export type EntryAction = keyof typeof ENTRY_TRANSITIONS;

/** Whether `action` may happen to an entry in `status` (undefined: no such entry, which nothing but `submit` takes). */
export function mayApply(action: EntryAction, status: string | undefined): boolean {
  const from: readonly EntryState[] = ENTRY_TRANSITIONS[action].from;
  return from.includes((status ?? 'new') as EntryState);
}

/** Whether a reviewer sent the entry back to its entrant, who may then change it even after the window closes. */
export function sentBack(status: string): boolean {
  return status === ENTRY_TRANSITIONS.requestChanges.to;
}

/** Throws the action's catalogued refusal unless the entry's status allows it. */
export function assertMayApply(action: EntryAction, status: string | undefined): void {
  if (!mayApply(action, status)) throw new AppError(ENTRY_TRANSITIONS[action].refusal);
}

type Changes = Updateable<EntriesTable>;

/** The columns a new entry starts with (the rest are what the entrant sent). */
export function submittedColumns(now: string) {
  return {
    status: ENTRY_TRANSITIONS.submit.to,
    entry_no: null,
    award: null,
    reject_reason: null,
    vote_count: 0,
    created_at: now,
    updated_at: now,
    approved_at: null,
  } as const;
}

/** Withdrawing drops the public images and the private key; the files themselves are the caller's to delete. */
export function withdrawnColumns(status: string, now: string): Changes {
  assertMayApply('withdraw', status);
  return { status: ENTRY_TRANSITIONS.withdraw.to, team_logo_url: null, cover_url: null, video_cover_url: null, empower_key: null, updated_at: now };
}

/**
 * Erasing keeps what the contest's record needs (number, title, group, award, vote count) and blanks every
 * text and answer that may name the entrant or their team; the files (field files too) are the caller's to
 * delete, as on withdrawal.
 */
export function erasedColumns(status: string, now: string): Changes {
  assertMayApply('erase', status);
  return {
    status: ENTRY_TRANSITIONS.erase.to,
    description: '',
    team: '',
    team_desc: '',
    slogan: '',
    // The answers to the organiser's fields (names, birth dates, crew, file keys) go; the form they answered stays.
    answers: '{}',
    team_logo_url: null,
    cover_url: null,
    video_cover_url: null,
    empower_key: null,
    updated_at: now,
  };
}

/** `entryNo`: the entry's own number if it had one, else the next free one (read under the numbering lock). */
export function approvedColumns(status: string, entryNo: number, now: string): Changes {
  assertMayApply('approve', status);
  return { status: ENTRY_TRANSITIONS.approve.to, entry_no: entryNo, approved_at: now, reject_reason: null, updated_at: now };
}

/** A rejected entry leaves the gallery and loses any award; its number stays reserved if re-approved. */
export function rejectedColumns(status: string, reason: string, now: string): Changes {
  assertMayApply('reject', status);
  return { status: ENTRY_TRANSITIONS.reject.to, reject_reason: reason, award: null, updated_at: now };
}

/** Sent back to the entrant with what to change; it leaves review until they save their changes. */
export function changesRequestedColumns(status: string, note: string, now: string): Changes {
  assertMayApply('requestChanges', status);
  return { status: ENTRY_TRANSITIONS.requestChanges.to, changes_note: note, updated_at: now };
}

/** Sets the organiser's award, or takes it away (null). */
export function awardColumns(status: string, award: EntryAward | null, now: string): Changes {
  assertMayApply(award ? 'award' : 'revokeAward', status);
  return { award, updated_at: now };
}
