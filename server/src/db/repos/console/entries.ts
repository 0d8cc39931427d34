import { sql } from 'kysely';
import type { Db } from '../../database';
import type { EntriesTable } from '../../schema/index';

export type EntryFilter = { status?: string; group?: string; q?: string };

function filtered(db: Db, f: EntryFilter) {
  let base = db.selectFrom('entries').innerJoin('users', 'users.id', 'entries.user_id');
  if (f.status) base = base.where('entries.status', '=', f.status);
  if (f.group) base = base.where('entries.group', '=', f.group);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asNo = Number(f.q);
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['entries.title']), 'like', like.toLowerCase()),
        eb(eb.fn('lower', ['entries.team']), 'like', like.toLowerCase()),
        eb(eb.fn('lower', ['users.email']), 'like', like.toLowerCase()),
        eb('entries.submission_no', 'like', like),
        ...(Number.isInteger(asNo) && asNo > 0 ? [eb('entries.entry_no', '=', asNo)] : []),
      ]),
    );
  }
  return base;
}

export async function listEntriesForReview(db: Db, f: EntryFilter, offset: number, limit: number) {
  const base = filtered(db, f);
  const [rows, count] = await Promise.all([
    base
      .selectAll('entries')
      .select('users.email as submitter_email')
      .orderBy('entries.created_at', 'desc')
      .orderBy('entries.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every matching entry (for the CSV export), oldest first. */
export function allEntriesForExport(db: Db, f: EntryFilter) {
  return filtered(db, f).selectAll('entries').select('users.email as submitter_email').orderBy('entries.id', 'asc').execute();
}

export function findEntryWithSubmitter(db: Db, id: number) {
  return db
    .selectFrom('entries')
    .innerJoin('users', 'users.id', 'entries.user_id')
    .selectAll('entries')
    .select(['users.email as submitter_email', 'users.locale as submitter_locale'])
    .where('entries.id', '=', id)
    .executeTakeFirst();
}

export function listReviews(db: Db, entryId: number) {
  return db
    .selectFrom('entry_reviews')
    .leftJoin('users', 'users.id', 'entry_reviews.admin_id')
    .select(['entry_reviews.id', 'entry_reviews.action', 'entry_reviews.note', 'entry_reviews.created_at', 'users.email as admin_email'])
    .where('entry_reviews.entry_id', '=', entryId)
    .orderBy('entry_reviews.created_at', 'desc')
    .orderBy('entry_reviews.id', 'desc')
    .execute();
}

export function lockEntry(db: Db, id: number) {
  return db.selectFrom('entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function nextEntryNo(db: Db): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.max('entry_no').as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

export function updateEntry(db: Db, id: number, set: Partial<Omit<EntriesTable, 'id'>>) {
  return db.updateTable('entries').set(set).where('id', '=', id).execute();
}

export function insertReview(db: Db, row: { entry_id: number; admin_id: number; action: string; note: string | null; created_at: string }) {
  return db.insertInto('entry_reviews').values(row).execute();
}

/**
 * Serialises entry-number assignment: on PostgreSQL two approvals could otherwise read the same max;
 * SQLite already runs one write transaction at a time.
 */
export async function lockEntryNumbering(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(6001)`.execute(db);
}
