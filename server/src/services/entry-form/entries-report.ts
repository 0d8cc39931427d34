import { utcOffsetLabel, wallClockOf, zoneOffsetMinutes } from '../../../../common/contest-time';
import { ENTRY_STATUSES, type EntryStatus } from '../../../../common/entry';
import { type FieldDefinition, localText } from '../../../../common/entry-form/definitions';
import { type MessageKey, t } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { readEntryForm } from './definitions';
import { storedForm } from './entry-form-of-entry';
import { answerText } from './present-answers';

type Row = { status: string; group: string; award: string | null; answers?: string; form_snapshot?: string };

/**
 * The entries CSV as a report for people: a column per field (the organiser's current fields in order, then
 * fields removed since that entries still answer), statuses, awards and groups in words, and times as the
 * contest's clock shows them, in the organiser's locale.
 */
export async function entriesReport(db: Db, locale: Locale, timeZone: string, rows: Row[]) {
  const { groups, fields } = await readEntryForm(db);
  const columns: FieldDefinition[] = [...fields];
  for (const row of rows) for (const f of storedForm(row).snapshot.fields) if (!columns.some((c) => c.key === f.key)) columns.push(f);
  const word = (key: string) => t(locale, key as MessageKey);
  const zone = utcOffsetLabel(zoneOffsetMinutes(timeZone, new Date()));
  return {
    /** Headers of the answer columns. */
    header: columns.map((c) => localText(c.label, locale)),
    /** A time header with the zone its times are in. */
    timeHeader: (label: string) => `${label} (${zone})`,
    status: (s: string) => (ENTRY_STATUSES.includes(s as EntryStatus) ? word(`entryForm.server.status.${s}`) : s),
    award: (a: string | null) => (a === 'finalist' || a === 'winner' ? word(`entryForm.server.award.${a}`) : (a ?? '')),
    group: (key: string) => localText(groups.find((g) => g.key === key)?.name, locale) || key,
    time: (iso: string | null) => (iso ? wallClockOf(iso, timeZone).replace('T', ' ') : ''),
    /** One entry's answer cells, each in words as its field was asked. */
    answers: (row: Row) => {
      const { answers, snapshot } = storedForm(row);
      return columns.map((c) => {
        const value = answers[c.key];
        if (value === undefined) return '';
        return answerText(snapshot.fields.find((f) => f.key === c.key) ?? c, value, locale);
      });
    },
  };
}
