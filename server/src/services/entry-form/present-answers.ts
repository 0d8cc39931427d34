import { type AnswerValue, type FieldDefinition, localText, type PresentedAnswer, type TeamMember } from '../../../../common/entry-form/definitions';
import { assertNever } from '../../../../common/exhaustive';
import { t } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { entryFormColumns } from '../../db/repos/entries/repository';
import { listFieldRows } from '../../db/repos/entry-form';
import { toField } from './definitions';
import { storedForm } from './entry-form-of-entry';

/**
 * Who reads an entry's answers: its owner (every answer, a file's stored key as its value so an edit can keep
 * it), the organiser (every answer, a file with its download link) or a juror (only fields shown to jurors;
 * no file's key or link).
 */
export type OrganiserViewer = { audience: 'organiser'; locale: Locale; fileUrl: (fieldKey: string) => string };
export type AnswerViewer = { audience: 'owner'; locale: Locale } | OrganiserViewer | { audience: 'juror'; locale: Locale };

/** An answer in words, as the field it answered was defined when the entry was sent. */
export function answerText(field: FieldDefinition, value: AnswerValue, locale: Locale): string {
  const option = (v: string) => localText(field.options.find((o) => o.value === v)?.label, locale) || v;
  switch (field.type) {
    case 'singleChoice':
      return option(String(value));
    case 'multipleChoice':
      return (value as string[]).map(option).join(locale === 'en-US' ? ', ' : '、');
    case 'checkbox':
      return t(locale, value === true ? 'entryForm.server.yes' : 'entryForm.server.no');
    case 'file':
      return t(locale, 'entryForm.server.fileAttached');
    case 'teamMembers':
      return (value as TeamMember[]).map((m) => [m.name, m.role, m.email].filter(Boolean).join(' / ')).join('; ');
    case 'shortText':
    case 'longText':
    case 'number':
    case 'date':
    case 'email':
    case 'phone':
      return String(value);
    default:
      return assertNever(field.type, 'field type');
  }
}

/**
 * An entry's answers for one viewer, in the order they were asked. Labels and choices come from the entry's
 * own snapshot (a field changed or removed later still reads as it was asked); whether jurors see a field is
 * the organiser's current choice when the field still exists.
 */
export function presentAnswers(row: { answers?: string; form_snapshot?: string }, viewer: AnswerViewer, current: FieldDefinition[] = []): PresentedAnswer[] {
  const { answers, snapshot } = storedForm(row);
  const out: PresentedAnswer[] = [];
  for (const field of snapshot.fields) {
    const value = answers[field.key];
    if (value === undefined) continue;
    if (viewer.audience === 'juror' && !(current.find((f) => f.key === field.key) ?? field).visibleToJurors) continue;
    const presented: PresentedAnswer = {
      key: field.key,
      type: field.type,
      label: localText(field.label, viewer.locale),
      value,
      text: answerText(field, value, viewer.locale),
    };
    if (field.type === 'file') {
      if (viewer.audience === 'juror') presented.value = '';
      if (viewer.audience === 'organiser') presented.fileUrl = viewer.fileUrl(field.key);
    }
    out.push(presented);
  }
  return out;
}

/** The answers of one entry, read by id (for the presenters of the owner's, the organiser's and the juror's views). */
export async function presentEntryAnswers(db: Db, entryId: number, viewer: AnswerViewer): Promise<PresentedAnswer[]> {
  const row = await entryFormColumns(db, entryId);
  if (!row) return [];
  const current = viewer.audience === 'juror' ? (await listFieldRows(db)).map(toField) : [];
  return presentAnswers(row, viewer, current);
}
