import { type ExpressionBuilder, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { EntryGroup } from '../../../../../common/constants';
import type { GallerySort } from '../../../../../common/gallery';
import type { Db, DialectName } from '../../database';
import type { EntriesTable } from '../../schema/entries';
import type { Database } from '../../schema/index';

/**
 * The entry's repository: every read and write of the `entries` table that is not a join owned by votes or
 * scores (those sit in vote-counts.ts and jury/scores.ts). Functions take a `Db`, so a caller inside a
 * transaction passes its transaction.
 */
export type EntryRow = Selectable<EntriesTable>;

// --- One entry, written -------------------------------------------------------------------------------------

export async function insertEntry(db: Db, row: Insertable<EntriesTable>): Promise<number> {
  const inserted = await db.insertInto('entries').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function updateEntry(db: Db, id: number, values: Updateable<EntriesTable>) {
  return db.updateTable('entries').set(values).where('id', '=', id).execute();
}

/** The whole row (inside a transaction: read before a status change). */
export function findEntry(db: Db, id: number) {
  return db.selectFrom('entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function nextEntryNo(db: Db): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.max('entry_no').as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/**
 * Serialises entry-number assignment: on PostgreSQL two approvals could otherwise read the same max;
 * SQLite already runs one write transaction at a time.
 */
export async function lockEntryNumbering(db: Db, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(6001)`.execute(db);
}

/**
 * Serialises one person's submissions on PostgreSQL (the entry limit is a read-then-write). SQLite runs one
 * write transaction at a time already.
 */
export async function lockUser(trx: Db, dialect: DialectName, userId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(trx);
}

export function insertReview(db: Db, row: { entry_id: number; admin_id: number; action: string; note: string | null; created_at: string }) {
  return db.insertInto('entry_reviews').values(row).execute();
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

// --- The owner's entries ------------------------------------------------------------------------------------

/** Entries that count towards the per-account limit: all but withdrawn ones. */
export async function countActiveEntries(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'withdrawn')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function listUserEntries(db: Db, userId: number) {
  return db
    .selectFrom('entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'withdrawn')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every entry of a person, withdrawn ones too (their data export and erasure), oldest first. */
export function listAllUserEntries(db: Db, userId: number) {
  return db.selectFrom('entries').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function findUserEntry(db: Db, userId: number, id: number) {
  return db.selectFrom('entries').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

// --- The organiser's list -----------------------------------------------------------------------------------

export type EntryFilter = { status?: string; group?: string; q?: string };

function reviewFiltered(db: Db, f: EntryFilter) {
  let base = db.selectFrom('entries').innerJoin('users', 'users.id', 'entries.user_id');
  if (f.status) base = base.where('entries.status', '=', f.status);
  if (f.group) base = base.where('entries.group', '=', f.group);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asNo = Number(f.q);
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['entries.title']), 'like', like.toLowerCase()),
        eb(eb.fn('lower', ['entries.title_en']), 'like', like.toLowerCase()),
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
  const base = reviewFiltered(db, f);
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
  return reviewFiltered(db, f).selectAll('entries').select('users.email as submitter_email').orderBy('entries.id', 'asc').execute();
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

// --- The public gallery: approved entries only --------------------------------------------------------------

export type GalleryQuery = { group?: EntryGroup; q?: string; sort: GallerySort; offset: number; limit: number };

const GALLERY_SUMMARY = ['id', 'entry_no', 'group', 'title', 'title_en', 'team', 'cover_url', 'vote_count', 'locale'] as const;

function galleryFiltered(db: Db, query: Pick<GalleryQuery, 'group' | 'q'>) {
  let qb = db.selectFrom('entries').where('status', '=', 'approved');
  if (query.group) qb = qb.where('group', '=', query.group);
  const q = query.q?.trim();
  if (q) {
    const digits = /^\d{1,9}$/.test(q) ? Number(q) : null;
    // Entry number matches exactly; titles (the English one too) match case-insensitively as a substring (LIKE's wildcards escaped).
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    qb = qb.where((eb) =>
      eb.or([
        ...(digits !== null ? [eb('entry_no', '=', digits)] : []),
        eb(sql`lower(${sql.ref('title')})`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(${sql.ref('title_en')})`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  return qb;
}

export async function listApproved(db: Db, query: GalleryQuery) {
  let qb = galleryFiltered(db, query).select([...GALLERY_SUMMARY]);
  if (query.sort === 'votes') qb = qb.orderBy('vote_count', 'desc').orderBy('entry_no', 'asc');
  else if (query.sort === 'number') qb = qb.orderBy('entry_no', 'asc');
  else qb = qb.orderBy('approved_at', 'desc').orderBy('id', 'desc');
  const [items, total] = await Promise.all([
    qb.orderBy('id', 'asc').limit(query.limit).offset(query.offset).execute(),
    galleryFiltered(db, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

/** The first approved entries for the home page: newest approved, or most votes (ties by entry number). */
export function listHomeFilms(db: Db, order: 'newest' | 'votes', limit: number) {
  const qb = db
    .selectFrom('entries')
    .where('status', '=', 'approved')
    .select([...GALLERY_SUMMARY]);
  const sorted = order === 'votes' ? qb.orderBy('vote_count', 'desc').orderBy('entry_no', 'asc') : qb.orderBy('approved_at', 'desc').orderBy('id', 'desc');
  return sorted.limit(limit).execute();
}

export async function findApproved(db: Db, id: number) {
  return db
    .selectFrom('entries')
    .select([...GALLERY_SUMMARY, 'description', 'team_desc', 'team_logo_url', 'slogan', 'video_cover_url'])
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .executeTakeFirst();
}

/** The nearest approved entry before (`<`) or after (`>`) an entry number. */
function nearestApproved(db: Db, entryNo: number, side: '<' | '>') {
  return db
    .selectFrom('entries')
    .select('id')
    .where('status', '=', 'approved')
    .where('entry_no', side, entryNo)
    .orderBy('entry_no', side === '<' ? 'desc' : 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** Previous / next approved entry by entry number, the order visitors see on posters. */
export async function neighbours(db: Db, entryNo: number | null) {
  if (entryNo === null) return { prevId: null, nextId: null };
  const [prev, next] = await Promise.all([nearestApproved(db, entryNo, '<'), nearestApproved(db, entryNo, '>')]);
  return { prevId: prev?.id ?? null, nextId: next?.id ?? null };
}

// --- Jurors: approved entries in a juror's scope --------------------------------------------------------------

/** The approved entries a juror scope covers: null is every group. */
const inScope = (group: string | null) => (eb: ExpressionBuilder<Database, 'entries'>) =>
  group === null ? eb('entries.status', '=', 'approved') : eb.and([eb('entries.status', '=', 'approved'), eb('entries.group', '=', group)]);

const JUROR_ENTRY_COLUMNS = [
  'entries.id',
  'entries.entry_no',
  'entries.group',
  'entries.title',
  'entries.description',
  'entries.slogan',
  'entries.team',
  'entries.team_desc',
  'entries.team_logo_url',
  'entries.cover_url',
  'entries.video_cover_url',
] as const;

/** Entries for jurors: never the vote count, the submitter or the files' private keys. */
export function listAssignedEntries(db: Db, group: string | null) {
  return db.selectFrom('entries').select(JUROR_ENTRY_COLUMNS).where(inScope(group)).orderBy('entries.entry_no', 'asc').orderBy('entries.id', 'asc').execute();
}

export function findAssignedEntry(db: Db, group: string | null, entryId: number) {
  return db.selectFrom('entries').select(JUROR_ENTRY_COLUMNS).where(inScope(group)).where('entries.id', '=', entryId).executeTakeFirst();
}

/** Approved entries of a group with what the ranking and the results need. */
export function rankableEntries(db: Db, group: string) {
  return db
    .selectFrom('entries')
    .innerJoin('users', 'users.id', 'entries.user_id')
    .select([
      'entries.id',
      'entries.entry_no',
      'entries.title',
      'entries.title_en',
      'entries.team',
      'entries.cover_url',
      'entries.vote_count',
      'entries.locale',
      'users.email',
      'users.locale as user_locale',
    ])
    .where('entries.status', '=', 'approved')
    .where('entries.group', '=', group)
    .execute();
}

// --- The results mail: entrants the published results speak to ----------------------------------------------

/** Records entries mailed before the ledger existed (the old snapshot's list) as sent; ids no longer in `entries` are skipped. */
export async function recordMailed(db: Db, entryIds: number[], at: string): Promise<void> {
  if (entryIds.length === 0) return;
  await db
    .insertInto('results_mailings')
    .columns(['entry_id', 'claimed_at', 'sent_at'])
    .expression(
      db
        .selectFrom('entries')
        .select((eb) => ['entries.id', eb.val(at).as('claimed_at'), eb.val(at).as('sent_at')])
        .where('entries.id', 'in', entryIds),
    )
    .onConflict((oc) => oc.column('entry_id').doNothing())
    .execute();
}

/** Approved entries the published results speak to: approved by `publishedAt` (or before approvals were timed). */
const approvedBy = (publishedAt: string) => (eb: ExpressionBuilder<Database, 'entries'>) =>
  eb.and([eb('entries.status', '=', 'approved'), eb.or([eb('entries.approved_at', 'is', null), eb('entries.approved_at', '<=', publishedAt)])]);

/**
 * The entrant of an entry approved by `publishedAt`, lowest id first, whose results mail is still to send: never
 * claimed, or claimed before `staleBefore` and never marked sent (a sender that died, or a send that failed).
 */
export function nextUnmailedEntrant(db: Db, publishedAt: string, staleBefore: string) {
  return db
    .selectFrom('entries')
    .innerJoin('users', 'users.id', 'entries.user_id')
    .leftJoin('results_mailings', 'results_mailings.entry_id', 'entries.id')
    .select(['entries.id', 'entries.title', 'users.email', 'users.locale'])
    .where(approvedBy(publishedAt))
    .where((eb) =>
      eb.or([
        eb('results_mailings.entry_id', 'is', null),
        eb.and([eb('results_mailings.sent_at', 'is', null), eb('results_mailings.failed_at', 'is', null), eb('results_mailings.claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('entries.id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** Entries approved by `publishedAt` whose results mail has not been sent (claimed or not) nor given up on. */
export async function countUnmailed(db: Db, publishedAt: string): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .leftJoin('results_mailings', 'results_mailings.entry_id', 'entries.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(approvedBy(publishedAt))
    .where('results_mailings.sent_at', 'is', null)
    .where('results_mailings.failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- The media pipeline's view of an entry -------------------------------------------------------------------

/** The fields the status endpoint needs about the entry itself. */
export async function findEntryForMedia(db: Db, entryId: number) {
  return db.selectFrom('entries').select(['id', 'user_id', 'status', 'video_cover_url']).where('id', '=', entryId).executeTakeFirst();
}

export async function findEntriesForMedia(db: Db, entryIds: number[]) {
  if (entryIds.length === 0) return [];
  return db.selectFrom('entries').select(['id', 'video_cover_url']).where('id', 'in', entryIds).execute();
}

// --- Counts for the console's dashboard ------------------------------------------------------------------------

export function entriesByColumn(db: Db, column: 'status' | 'group') {
  return db
    .selectFrom('entries')
    .select([column, (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(column)
    .execute() as Promise<{ status?: string; group?: string; n: number }[]>;
}

/** Entries created per day since `since` (ISO), by the date part of created_at (UTC). */
export function entriesPerDay(db: Db, since: string) {
  return db
    .selectFrom('entries')
    .select([(eb) => eb.fn<string>('substr', ['created_at', eb.val(1), eb.val(10)]).as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy('day')
    .orderBy('day')
    .execute();
}

/** All votes counted, and the ten approved entries with the most. */
export async function voteTotals(db: Db) {
  const [sum, top] = await Promise.all([
    db
      .selectFrom('entries')
      .select((eb) => eb.fn.sum<number>('vote_count').as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('entries')
      .select(['id', 'entry_no', 'title', 'vote_count'])
      .where('status', '=', 'approved')
      .orderBy('vote_count', 'desc')
      .orderBy('entry_no', 'asc')
      .limit(10)
      .execute(),
  ]);
  return { total: Number(sum?.n ?? 0), top };
}

// --- The organiser's entry form: groups in use, answers -------------------------------------------------------

/** Entries (withdrawn ones aside) per group key. */
export async function entryCountsByGroup(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('entries')
    .select(['group', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '!=', 'withdrawn')
    .groupBy('group')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.group, Number(r.n)]));
}

/** Entries naming the group, withdrawn ones too (their rows still name it). */
export async function countGroupEntries(db: Db, key: string): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group', '=', key)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The answers of entries that answered a field (to refuse changing the type of an answered field). */
export async function entryAnswersContaining(db: Db, key: string): Promise<boolean> {
  const rows = await db.selectFrom('entries').select('answers').where('answers', 'like', `%"${key}"%`).limit(50).execute();
  return rows.some((r) => key in (JSON.parse(r.answers ?? '{}') as Record<string, unknown>));
}

/** An entry's answers and the definitions they were checked against. */
export function entryFormColumns(db: Db, entryId: number) {
  return db.selectFrom('entries').select(['answers', 'form_snapshot']).where('id', '=', entryId).executeTakeFirst();
}
