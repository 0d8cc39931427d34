import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../database';
import type { EntriesTable } from '../../schema/entries';

type Executor = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable'>;

/** Entries that count towards the per-account limit: all but withdrawn ones. */
export async function countActiveEntries(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'withdrawn')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertEntry(db: Executor, row: Insertable<EntriesTable>): Promise<number> {
  const inserted = await db.insertInto('entries').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function updateEntry(db: Executor, id: number, values: Updateable<EntriesTable>) {
  return db.updateTable('entries').set(values).where('id', '=', id).execute();
}

export function listUserEntries(db: Executor, userId: number) {
  return db
    .selectFrom('entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'withdrawn')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findUserEntry(db: Executor, userId: number, id: number) {
  return db.selectFrom('entries').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Serialises one person's submissions on PostgreSQL (the entry limit is a read-then-write). SQLite runs one
 * write transaction at a time already.
 */
export async function lockUser(trx: Db, dialect: 'sqlite' | 'postgres', userId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(trx);
}
