import type { Selectable } from 'kysely';
import { wallClockOf } from '../../../../common/contest-time';
import type { Answers } from '../../../../common/entry-form/definitions';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { entryUploads } from '../../db/repos/submission/uploads';
import type { EntriesTable } from '../../db/schema/entries';
import type { UploadRow } from '../submission/attach-uploads';
import { type CheckedAnswers, checkAnswers, type FormSnapshot } from './check-answers';
import { assertFilmFitsGroup } from './film-limits';

type Input = {
  userId: number;
  group: string;
  answers: Record<string, unknown>;
  /** The film sent with this request (a new entry's, or an edit's replacement). */
  film: UploadRow | undefined;
  timeZone: string;
  locale: Locale;
  /** The entry as stored, on an edit. */
  current?: Pick<Selectable<EntriesTable>, 'id' | 'group' | 'answers' | 'form_snapshot'>;
};

/** An entry's stored answers and snapshot ({} on entries sent before the form was the organiser's). */
export function storedForm(row: { answers?: string; form_snapshot?: string }): { answers: Answers; snapshot: FormSnapshot } {
  const snapshot = JSON.parse(row.form_snapshot ?? '{}') as Partial<FormSnapshot>;
  return { answers: JSON.parse(row.answers ?? '{}') as Answers, snapshot: { film: snapshot.film ?? null, fields: snapshot.fields ?? [] } };
}

/**
 * The organiser's form for one entry being sent or changed, inside its transaction: the group and answers
 * checked (a minor is one on the contest's day), the film checked against the group's limits when it is new
 * or moves group, and the columns to write. Throws the catalogued refusal naming the field.
 */
export async function checkEntryForm(
  trx: Db,
  input: Input,
): Promise<Omit<CheckedAnswers, 'answers' | 'snapshot'> & { columns: { answers: string; form_snapshot: string } }> {
  const today = wallClockOf(new Date().toISOString(), input.timeZone).slice(0, 10);
  const previous = input.current ? storedForm(input.current) : undefined;
  const checked = await checkAnswers(trx, { userId: input.userId, group: input.group, answers: input.answers, today, previous });
  const film =
    input.film ??
    (input.current && input.current.group !== input.group ? (await entryUploads(trx, input.current.id)).find((u) => u.purpose === 'video') : undefined);
  if (film && checked.snapshot.film) assertFilmFitsGroup(checked.snapshot.film, film.meta, input.locale);
  return {
    attach: checked.attach,
    dropped: checked.dropped,
    columns: { answers: JSON.stringify(checked.answers), form_snapshot: JSON.stringify(checked.snapshot) },
  };
}
