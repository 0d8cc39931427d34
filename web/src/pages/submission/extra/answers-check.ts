import type { Answers, PublicField } from '../../../../../common/entry-form/definitions';

/**
 * The entrant's answers checked in the browser by the same rules the server applies, before anything is sent.
 * Returns each failing field's message by key (only the first issue of a field).
 */
export function answerErrors(fields: PublicField[], answers: Answers, _today: Date, requiredText: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const v = answers[field.key];
    const empty = v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);
    if (field.required && empty) out[field.key] = requiredText;
  }
  return out;
}
