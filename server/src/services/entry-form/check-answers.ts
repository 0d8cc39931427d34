import type { ZodError } from 'zod';
import { answersSchema, fieldsForGroup } from '../../../../common/entry-form/answers-schema';
import type { Answers, FieldDefinition, FilmLimits } from '../../../../common/entry-form/definitions';
import { Code, type ErrorCode, isErrorCode } from '../../../../common/errors';
import { FIELD_FILE_PURPOSE } from '../../../../common/schemas/entry';
import type { Db } from '../../db/database';
import { findGroupRow, listFieldRows } from '../../db/repos/entry-form';
import { findUploads } from '../../db/repos/submission/uploads';
import { AppError } from '../../errors';
import { toField, toGroup } from './definitions';

/** What an entry was checked against, kept on it: its group's film limits and the fields it answered. */
export type FormSnapshot = { film: FilmLimits | null; fields: FieldDefinition[] };

export type CheckedAnswers = {
  answers: Answers;
  snapshot: FormSnapshot;
  /** New file answers' uploads, to tie to the entry in the same transaction. */
  attach: string[];
  /** Upload ids of file answers an edit replaced or dropped, to delete with the entry's other replaced files. */
  dropped: string[];
};

/** The refusal of a zod check of answers: every field named (`answers.<key>`), the first one's limit as values. */
function refusal(error: ZodError): AppError {
  const fields: Record<string, ErrorCode> = {};
  let values: Record<string, string | number> | undefined;
  for (const issue of error.issues) {
    const key = `answers.${String(issue.path[0] ?? '')}`;
    const n = Number(issue.message);
    const code = isErrorCode(n) ? n : Code.AnswerInvalid;
    if (fields[key] !== undefined) continue;
    fields[key] = code;
    values ??= (issue as { params?: { values?: Record<string, string | number> } }).params?.values;
  }
  const first = Object.values(fields)[0] ?? Code.AnswerInvalid;
  return new AppError(first, { fields, values });
}

/**
 * Checks an entry's group and answers against the organiser's current definitions (in the entry's
 * transaction) and returns what to store. A file answer must be the person's own checked `fieldFile`
 * upload, not used yet; on an edit, an unchanged file answer keeps its stored file.
 */
export async function checkAnswers(
  trx: Db,
  input: { userId: number; group: string; answers: Record<string, unknown>; today: string; previous?: { answers: Answers; snapshot: FormSnapshot } },
): Promise<CheckedAnswers> {
  const groupRow = await findGroupRow(trx, input.group);
  if (!groupRow) throw new AppError(Code.EntryGroupUnknown, { fields: { group: Code.EntryGroupUnknown } });
  const fields = fieldsForGroup((await listFieldRows(trx)).map(toField), input.group);
  const parsed = answersSchema(fields, { today: input.today }).safeParse(input.answers);
  if (!parsed.success) throw refusal(parsed.error);
  const answers = parsed.data;
  const previous = input.previous?.answers ?? {};
  const fileFields = fields.filter((f) => f.type === 'file');
  const fresh = fileFields.filter((f) => typeof answers[f.key] === 'string' && answers[f.key] !== previous[f.key]);
  const rows = await findUploads(
    trx,
    fresh.map((f) => answers[f.key] as string),
  );
  for (const f of fresh) {
    const row = rows.find((r) => r.id === answers[f.key]);
    const usable = row && row.status === 'ready' && row.entry_id === null && row.user_id === input.userId && row.purpose === FIELD_FILE_PURPOSE;
    if (!usable) throw new AppError(Code.AnswerFileMissing, { fields: { [`answers.${f.key}`]: Code.AnswerFileMissing } });
  }
  const kept = new Set(fileFields.map((f) => answers[f.key]));
  // A file the entry answered with before that is no longer among its answers goes.
  const dropped = (input.previous?.snapshot.fields ?? [])
    .filter((f) => f.type === 'file')
    .map((f) => previous[f.key])
    .filter((v): v is string => typeof v === 'string' && !kept.has(v));
  return {
    answers,
    snapshot: { film: toGroup(groupRow).film, fields },
    attach: fresh.map((f) => answers[f.key] as string),
    dropped,
  };
}
