import { randomBytes } from 'node:crypto';
import type { FieldDefinition, GroupDefinition } from '../../../../common/entry-form/definitions';
import type { FieldBody, GroupBody } from '../../../../common/entry-form/schemas';
import { Code } from '../../../../common/errors';
import { type Db, nowIso } from '../../db/database';
import { countGroupEntries, entryAnswersContaining, entryCountsByGroup } from '../../db/repos/entries/repository';
import {
  deleteFieldRow,
  deleteGroupRow,
  findFieldRow,
  findGroupRow,
  insertFieldRow,
  listFieldRows,
  listGroupRows,
  nextPosition,
  setFieldPosition,
  setGroupPosition,
  updateFieldRow,
  upsertGroupRow,
} from '../../db/repos/entry-form';
import { AppError } from '../../errors';
import { readEntryForm, toField, toGroup } from './definitions';

const refuse = (code: ConstructorParameters<typeof AppError>[0], field: string, values?: Record<string, string | number>) =>
  new AppError(code, { fields: { [field]: code }, values });

/** Whether an order names every one of `known` exactly once. */
function namesEach<T>(order: T[], known: T[]): boolean {
  const set = new Set(known);
  return order.length === set.size && new Set(order).size === order.length && order.every((k) => set.has(k));
}

/** The console's view of the form: every definition and how many entries each group has. */
export async function adminEntryForm(db: Db): Promise<{ groups: GroupDefinition[]; fields: FieldDefinition[]; entryCounts: Record<string, number> }> {
  const [form, entryCounts] = await Promise.all([readEntryForm(db), entryCountsByGroup(db)]);
  return { ...form, entryCounts };
}

/** Creates or updates a group; a new one goes last. Its limits apply to entries sent from now on. */
export async function saveGroup(db: Db, key: string, body: GroupBody): Promise<GroupDefinition> {
  return db.transaction().execute(async (trx) => {
    const existing = await findGroupRow(trx, key);
    await upsertGroupRow(trx, {
      key,
      i18n: JSON.stringify({ name: body.name, description: body.description, rules: body.rules }),
      film: JSON.stringify(body.film),
      position: existing?.position ?? (await nextPosition(trx, 'entry_groups')),
      updated_at: nowIso(),
    });
    const row = await findGroupRow(trx, key);
    if (!row) throw new AppError(Code.EntryGroupNotFound);
    return toGroup(row);
  });
}

/** Deletes a group and its own fields; refused while any entry (a withdrawn one too) names it. */
export async function deleteGroup(db: Db, key: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await findGroupRow(trx, key))) throw new AppError(Code.EntryGroupNotFound);
    const count = await countGroupEntries(trx, key);
    if (count > 0) throw new AppError(Code.EntryGroupHasEntries, { values: { count } });
    for (const field of await listFieldRows(trx)) if (field.group_key === key) await deleteFieldRow(trx, field.id);
    await deleteGroupRow(trx, key);
  });
}

export async function orderGroups(db: Db, keys: string[]): Promise<GroupDefinition[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await listGroupRows(trx);
    if (
      !namesEach(
        keys,
        rows.map((r) => r.key),
      )
    )
      throw refuse(Code.EntryGroupOrder, 'keys');
    for (const [i, key] of keys.entries()) await setGroupPosition(trx, key, i);
    return (await listGroupRows(trx)).map(toGroup);
  });
}

/** Rules a definition must meet beyond its shape: its group exists, choices have options, a consent has its text. */
async function assertSound(db: Db, body: FieldBody, selfKey: string | null): Promise<void> {
  if (body.groupKey !== null && !(await findGroupRow(db, body.groupKey))) throw refuse(Code.EntryFieldGroup, 'groupKey');
  if (body.type === 'singleChoice' || body.type === 'multipleChoice') {
    const values = body.options.map((o) => o.value);
    if (values.length < 2 || new Set(values).size !== values.length) throw refuse(Code.EntryFieldOptions, 'options');
  }
  if (body.type === 'checkbox' && !body.consentText['zh-CN']) throw refuse(Code.EntryFieldConsentText, 'consentText');
  const rule = body.requiredIfYoungerThan;
  if (rule) {
    const ageField = (await listFieldRows(db)).find((f) => f.key === rule.ageFieldKey);
    if (ageField?.type !== 'date' || ageField.key === selfKey) throw refuse(Code.EntryFieldAgeField, 'requiredIfYoungerThan');
  }
}

function definitionOf(body: FieldBody): string {
  const { groupKey: _g, type: _t, ...rest } = body;
  return JSON.stringify(rest);
}

export async function createField(db: Db, body: FieldBody): Promise<FieldDefinition> {
  return db.transaction().execute(async (trx) => {
    await assertSound(trx, body, null);
    // A key that never changes (answers are stored under it) and never collides with a renamed label.
    const key = `f${randomBytes(5).toString('hex')}`;
    const id = await insertFieldRow(trx, {
      key,
      group_key: body.groupKey,
      type: body.type,
      definition: definitionOf(body),
      position: await nextPosition(trx, 'entry_fields'),
      updated_at: nowIso(),
    });
    return toField((await findFieldRow(trx, id)) as NonNullable<Awaited<ReturnType<typeof findFieldRow>>>);
  });
}

/** Changes a field for entries sent from now on; entries already sent keep the definition they answered. */
export async function updateField(db: Db, id: number, body: FieldBody): Promise<FieldDefinition> {
  return db.transaction().execute(async (trx) => {
    const row = await findFieldRow(trx, id);
    if (!row) throw new AppError(Code.EntryFieldNotFound);
    await assertSound(trx, body, row.key);
    if (row.type !== body.type && (await entryAnswersContaining(trx, row.key))) throw refuse(Code.EntryFieldTypeLocked, 'type');
    await updateFieldRow(trx, id, { group_key: body.groupKey, type: body.type, definition: definitionOf(body), updated_at: nowIso() });
    return toField((await findFieldRow(trx, id)) as NonNullable<typeof row>);
  });
}

/** Removes a field from the form; answers already given stay on their entries, read through their snapshot. */
export async function deleteField(db: Db, id: number): Promise<void> {
  const row = await findFieldRow(db, id);
  if (!row) throw new AppError(Code.EntryFieldNotFound);
  await deleteFieldRow(db, id);
}

export async function orderFields(db: Db, ids: number[]): Promise<FieldDefinition[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await listFieldRows(trx);
    if (
      !namesEach(
        ids,
        rows.map((r) => r.id),
      )
    )
      throw refuse(Code.EntryFieldOrder, 'ids');
    for (const [i, id] of ids.entries()) await setFieldPosition(trx, id, i);
    return (await listFieldRows(trx)).map(toField);
  });
}
