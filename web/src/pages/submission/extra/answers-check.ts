import { answersSchema } from '../../../../../common/entry-form/answers-schema';
import type { Answers, FieldDefinition, PublicField } from '../../../../../common/entry-form/definitions';
import { errorText, type TextValues } from '../../../i18n/error-text';

/** The entrant's copy of a field as the shared builder reads it; the builder looks at rules only, never at texts. */
const asDefinition = (field: PublicField, position: number): FieldDefinition => ({
  ...field,
  id: position,
  label: {},
  help: {},
  consentText: {},
  options: field.options.map((o) => ({ value: o.value, label: {} })),
  visibleToJurors: false,
  position,
});

/** Today as YYYY-MM-DD on this device: who is a minor is decided on the day of submission. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The entrant's answers checked in the browser by the server's own rules (common/entry-form/answers-schema.ts),
 * before anything is sent. Returns each failing field's message by key (the first issue of a field).
 */
export function answerErrors(fields: PublicField[], answers: Answers): Record<string, string> {
  const parsed = answersSchema(fields.map(asDefinition), { today: today() }).safeParse(answers);
  const out: Record<string, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!key || key in out) continue;
    const values = ((issue as { params?: { values?: TextValues } }).params?.values ?? {}) as TextValues;
    out[key] = errorText(Number(issue.message), values, issue.message);
  }
  return out;
}
