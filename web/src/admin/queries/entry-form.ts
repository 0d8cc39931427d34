import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ENTRY_FORM_PATH } from '../../../../common/entry-form/admin-api';
import type { FieldDefinition, GroupDefinition, LocalizedText } from '../../../../common/entry-form/definitions';
import { SUPPORTED_LOCALES } from '../../../../common/locales';
import { adminGet, adminSend } from '../api';

export type AdminEntryForm = { groups: GroupDefinition[]; fields: FieldDefinition[]; entryCounts: Record<string, number> };
export type GroupInput = Omit<GroupDefinition, 'key' | 'position'>;
export type FieldInput = Omit<FieldDefinition, 'id' | 'key' | 'position'>;

const KEY = ['admin', 'entry-form'];

/** The console's copy of the entry form: groups and fields in order, and how many entries each group has. */
export function useAdminEntryForm() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: ({ signal }) => adminGet<AdminEntryForm>(ADMIN_ENTRY_FORM_PATH, signal) });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  return { ...query, refresh };
}

export const saveGroup = (key: string, group: GroupInput) => adminSend<GroupDefinition>('PUT', `/api/admin/entry-groups/${encodeURIComponent(key)}`, group);
export const deleteGroup = (key: string) => adminSend('DELETE', `/api/admin/entry-groups/${encodeURIComponent(key)}`);
export const orderGroups = (keys: string[]) => adminSend('PUT', '/api/admin/entry-groups-order', { keys });
export const createField = (field: FieldInput) => adminSend<FieldDefinition>('POST', '/api/admin/entry-fields', field);
export const updateField = (id: number, field: FieldInput) => adminSend<FieldDefinition>('PUT', `/api/admin/entry-fields/${id}`, field);
export const deleteField = (id: number) => adminSend('DELETE', `/api/admin/entry-fields/${id}`);
export const orderFields = (ids: number[]) => adminSend('PUT', '/api/admin/entry-fields-order', { ids });

/** The list with item `index` moved one place up (-1) or down (+1). */
export function moved<T>(list: T[], index: number, step: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + step, 0, item);
  return next;
}

type FormTexts = Record<string, Record<string, string | undefined> | undefined>;

/** Localized texts of a definition as the LocaleTexts editor holds them: `i18n[locale][name]`. */
export function textsToForm(texts: Record<string, LocalizedText | undefined>): FormTexts {
  const out: FormTexts = {};
  for (const locale of SUPPORTED_LOCALES) out[locale] = Object.fromEntries(Object.entries(texts).map(([name, t]) => [name, t?.[locale] ?? '']));
  return out;
}

/** And back: one LocalizedText per name, with empty locales left out so they fall back to zh-CN. */
export function textsFromForm(i18n: FormTexts | undefined, names: string[]): Record<string, LocalizedText> {
  const out: Record<string, LocalizedText> = {};
  for (const name of names) {
    const text: LocalizedText = {};
    for (const locale of SUPPORTED_LOCALES) {
      const v = i18n?.[locale]?.[name]?.trim();
      if (v) text[locale] = v;
    }
    out[name] = text;
  }
  return out;
}
