import type { UploadPurpose } from '../../../../common/schemas/entry';

/** The entry form as typed so far, kept on this device so a reload or a lost tab loses nothing. */
export type DraftFile = { id: string; name: string; url: string | null; meta: Record<string, unknown> };
export type Draft = { values: Record<string, unknown>; files: Partial<Record<UploadPurpose, DraftFile>> };

const KEY = 'submission.draft';

export function loadDraft(): Draft {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '') as Draft;
    return { values: parsed.values ?? {}, files: parsed.files ?? {} };
  } catch {
    return { values: {}, files: {} };
  }
}

export function saveDraft(draft: Draft): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}
