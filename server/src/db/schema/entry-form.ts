import type { Generated } from 'kysely';

/** The organiser's groups: texts in `i18n` ({ name, description, rules } by locale), film limits as JSON. */
export type EntryGroupsTable = {
  key: string;
  i18n: string;
  film: string;
  position: number;
  updated_at: string;
};

/** Fields entrants answer; `definition` holds everything but the key, group, type and order (JSON). */
export type EntryFieldsTable = {
  id: Generated<number>;
  key: string;
  group_key: string | null;
  type: string;
  definition: string;
  position: number;
  updated_at: string;
};

export type EntryFormTables = { entry_groups: EntryGroupsTable; entry_fields: EntryFieldsTable };
