import type { Selectable } from 'kysely';
import {
  type FieldDefinition,
  type FieldType,
  type FilmLimits,
  type GroupDefinition,
  type LocalizedText,
  localText,
} from '../../../../common/entry-form/definitions';
import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { findGroupRow, listFieldRows, listGroupRows } from '../../db/repos/entry-form';
import type { EntryFieldsTable, EntryGroupsTable } from '../../db/schema/entry-form';
import { AppError } from '../../errors';

type GroupTexts = { name: LocalizedText; description: LocalizedText; rules: LocalizedText };
type FieldRest = Omit<FieldDefinition, 'id' | 'key' | 'groupKey' | 'type' | 'position'>;

export function toGroup(row: Selectable<EntryGroupsTable>): GroupDefinition {
  const texts = JSON.parse(row.i18n) as GroupTexts;
  return {
    key: row.key,
    name: texts.name,
    description: texts.description,
    rules: texts.rules,
    film: JSON.parse(row.film) as FilmLimits,
    position: row.position,
  };
}

export function toField(row: Selectable<EntryFieldsTable>): FieldDefinition {
  const rest = JSON.parse(row.definition) as FieldRest;
  return { ...rest, id: row.id, key: row.key, groupKey: row.group_key, type: row.type as FieldType, position: row.position };
}

/** The form as it stands: groups and fields, each in the organiser's order. */
export async function readEntryForm(db: Db): Promise<{ groups: GroupDefinition[]; fields: FieldDefinition[] }> {
  const [groups, fields] = await Promise.all([listGroupRows(db), listFieldRows(db)]);
  return { groups: groups.map(toGroup), fields: fields.map(toField) };
}

/** The groups' keys in the organiser's order (results and rankings go group by group). */
export async function groupKeys(db: Db): Promise<string[]> {
  return (await listGroupRows(db)).map((r) => r.key);
}

/** A group's name in a locale, by key; the key itself for a group deleted since. */
export async function groupNamer(db: Db, locale: Locale): Promise<(key: string) => string> {
  const groups = (await listGroupRows(db)).map(toGroup);
  return (key) => localText(groups.find((g) => g.key === key)?.name, locale) || key;
}

/** Refuses a group key that is none of the organiser's groups (null: every group, always fine). */
export async function assertGroupExists(db: Db, key: string | null): Promise<void> {
  if (key !== null && !(await findGroupRow(db, key))) throw new AppError(Code.EntryGroupUnknown, { fields: { group: Code.EntryGroupUnknown } });
}
