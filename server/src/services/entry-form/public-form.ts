import { localText, type PublicEntryForm } from '../../../../common/entry-form/definitions';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { readEntryForm } from './definitions';

/** The form as the entrant's page reads it: texts in one locale, the organiser's order. */
export async function publicEntryForm(db: Db, locale: Locale): Promise<PublicEntryForm> {
  const { groups, fields } = await readEntryForm(db);
  return {
    groups: groups.map((g) => ({
      key: g.key,
      name: localText(g.name, locale),
      description: localText(g.description, locale),
      rules: localText(g.rules, locale),
      film: g.film,
    })),
    fields: fields.map((f) => ({
      key: f.key,
      groupKey: f.groupKey,
      type: f.type,
      label: localText(f.label, locale),
      help: localText(f.help, locale),
      required: f.required,
      requiredIfYoungerThan: f.requiredIfYoungerThan ?? null,
      limits: f.limits,
      options: f.options.map((o) => ({ value: o.value, label: localText(o.label, locale) || o.value })),
      consentText: localText(f.consentText, locale),
    })),
  };
}
