import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../database';
import type { EntryFieldsTable, EntryGroupsTable } from '../schema/entry-form';

type Executor = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable' | 'deleteFrom'>;

export function listGroupRows(db: Executor) {
  return db.selectFrom('entry_groups').selectAll().orderBy('position').orderBy('key').execute();
}

export function findGroupRow(db: Executor, key: string) {
  return db.selectFrom('entry_groups').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function upsertGroupRow(db: Executor, row: Insertable<EntryGroupsTable>): Promise<void> {
  await db
    .insertInto('entry_groups')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ i18n: row.i18n, film: row.film, updated_at: row.updated_at }))
    .execute();
}

export async function deleteGroupRow(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('entry_groups').where('key', '=', key).execute();
}

export async function setGroupPosition(db: Executor, key: string, position: number): Promise<void> {
  await db.updateTable('entry_groups').set({ position }).where('key', '=', key).execute();
}

/** The position after the last group or field: where a new one goes. */
export async function nextPosition(db: Executor, table: 'entry_groups' | 'entry_fields'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('position').as('p'))
    .executeTakeFirst();
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
}

export function listFieldRows(db: Executor) {
  return db.selectFrom('entry_fields').selectAll().orderBy('position').orderBy('id').execute();
}

export function findFieldRow(db: Executor, id: number) {
  return db.selectFrom('entry_fields').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertFieldRow(db: Executor, row: Insertable<EntryFieldsTable>): Promise<number> {
  const inserted = await db.insertInto('entry_fields').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateFieldRow(db: Executor, id: number, values: Updateable<EntryFieldsTable>): Promise<void> {
  await db.updateTable('entry_fields').set(values).where('id', '=', id).execute();
}

export async function deleteFieldRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('entry_fields').where('id', '=', id).execute();
}

export async function setFieldPosition(db: Executor, id: number, position: number): Promise<void> {
  await db.updateTable('entry_fields').set({ position }).where('id', '=', id).execute();
}
