import { describe, expect, it } from 'vitest';
import { Code } from '../../common/errors';
import { AppError } from '../src/errors';
import {
  approvedColumns,
  assertMayApply,
  awardColumns,
  changesRequestedColumns,
  type EntryAction,
  type EntryState,
  erasedColumns,
  mayApply,
  rejectedColumns,
  submittedColumns,
  withdrawnColumns,
} from '../src/services/entries/status';

/**
 * The entry's status machine without a database: each action against each status, written out here by hand
 * (not read back from the machine's table), so a changed rule fails a test by name.
 */
const STATES: EntryState[] = ['new', 'draft', 'pending', 'changesRequested', 'approved', 'rejected', 'withdrawn'];

const ALLOWED: Record<EntryAction, { from: EntryState[]; refusal: number }> = {
  submit: { from: ['new'], refusal: Code.EntryStatusConflict },
  edit: { from: ['pending', 'changesRequested'], refusal: Code.EntryLocked },
  withdraw: { from: ['pending', 'changesRequested'], refusal: Code.EntryLocked },
  requestChanges: { from: ['pending'], refusal: Code.EntryStatusConflict },
  erase: { from: ['draft', 'pending', 'changesRequested', 'approved', 'rejected', 'withdrawn'], refusal: Code.EntryStatusConflict },
  approve: { from: ['pending', 'changesRequested', 'rejected'], refusal: Code.EntryStatusConflict },
  reject: { from: ['pending', 'changesRequested', 'approved'], refusal: Code.EntryStatusConflict },
  award: { from: ['approved'], refusal: Code.AwardNeedsApproval },
  revokeAward: { from: ['approved'], refusal: Code.AwardNeedsApproval },
  juryAward: { from: ['approved'], refusal: Code.JuryAwardNeedsApproval },
};

const status = (state: EntryState) => (state === 'new' ? undefined : state);

function refusalOf(action: EntryAction, state: EntryState): number | null {
  try {
    assertMayApply(action, status(state));
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

const cases = (Object.keys(ALLOWED) as EntryAction[]).flatMap((action) =>
  STATES.map((state) => ({ action, state, allowed: ALLOWED[action].from.includes(state), refusal: ALLOWED[action].refusal })),
);

describe('entry status machine', () => {
  it.each(cases.filter((c) => c.allowed))('$action is allowed from $state', ({ action, state }) => {
    expect(mayApply(action, status(state))).toBe(true);
    expect(refusalOf(action, state)).toBeNull();
  });

  it.each(cases.filter((c) => !c.allowed))('$action is refused from $state with $refusal', ({ action, state, refusal }) => {
    expect(mayApply(action, status(state))).toBe(false);
    expect(refusalOf(action, state)).toBe(refusal);
  });

  it('writes what each transition changes', () => {
    const now = '2026-06-01T00:00:00.000Z';
    expect(submittedColumns(now)).toEqual({
      status: 'pending',
      entry_no: null,
      award: null,
      reject_reason: null,
      vote_count: 0,
      created_at: now,
      updated_at: now,
      approved_at: null,
    });
    // Re-approval after a rejection keeps the number it is given and clears the reason.
    expect(approvedColumns('rejected', 7, now)).toEqual({ status: 'approved', entry_no: 7, approved_at: now, reject_reason: null, updated_at: now });
    // Sending back keeps the entry's number and award fields as they were and records what to change.
    expect(changesRequestedColumns('pending', 'a sharper cover', now)).toEqual({
      status: 'changesRequested',
      changes_note: 'a sharper cover',
      updated_at: now,
    });
    // A rejection takes the award away.
    expect(rejectedColumns('approved', 'off topic', now)).toEqual({ status: 'rejected', reject_reason: 'off topic', award: null, updated_at: now });
    expect(withdrawnColumns('pending', now)).toEqual({
      status: 'withdrawn',
      team_logo_url: null,
      cover_url: null,
      video_cover_url: null,
      empower_key: null,
      updated_at: now,
    });
    // Erasure keeps the record (number, title, group, award, votes: not written) and blanks what names people.
    expect(erasedColumns('approved', now)).toEqual({
      status: 'withdrawn',
      description: '',
      team: '',
      team_desc: '',
      slogan: '',
      answers: '{}',
      team_logo_url: null,
      cover_url: null,
      video_cover_url: null,
      empower_key: null,
      updated_at: now,
    });
    expect(awardColumns('approved', 'winner', now)).toEqual({ award: 'winner', updated_at: now });
    expect(awardColumns('approved', null, now)).toEqual({ award: null, updated_at: now });
  });

  it('refuses the column changes of a transition the status does not allow', () => {
    const now = '2026-06-01T00:00:00.000Z';
    expect(() => approvedColumns('withdrawn', 1, now)).toThrow(AppError);
    expect(() => rejectedColumns('rejected', 'again', now)).toThrow(AppError);
    expect(() => withdrawnColumns('approved', now)).toThrow(AppError);
    expect(() => erasedColumns(undefined as unknown as string, now)).toThrow(AppError);
    expect(() => awardColumns('pending', 'finalist', now)).toThrow(AppError);
    expect(() => awardColumns('rejected', null, now)).toThrow(AppError);
  });
});
