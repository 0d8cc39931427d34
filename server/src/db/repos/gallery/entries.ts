import { sql } from 'kysely';
import type { EntryGroup } from '../../../../../common/constants';
import type { GallerySort } from '../../../../../common/gallery';
import type { Db } from '../../database';

/** SQL of the public gallery: approved entries only. */
export type GalleryQuery = { group?: EntryGroup; q?: string; sort: GallerySort; offset: number; limit: number };

const SUMMARY = ['id', 'entry_no', 'group', 'title', 'team', 'cover_url', 'vote_count', 'locale'] as const;

function filtered(db: Db, query: Pick<GalleryQuery, 'group' | 'q'>) {
  let qb = db.selectFrom('entries').where('status', '=', 'approved');
  if (query.group) qb = qb.where('group', '=', query.group);
  const q = query.q?.trim();
  if (q) {
    const digits = /^\d{1,9}$/.test(q) ? Number(q) : null;
    // Entry number matches exactly; titles match case-insensitively as a substring (LIKE's wildcards escaped).
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    qb = qb.where((eb) =>
      eb.or([...(digits !== null ? [eb('entry_no', '=', digits)] : []), eb(sql`lower(${sql.ref('title')})`, 'like', sql`${like} escape '\\'`)]),
    );
  }
  return qb;
}

export async function listApproved(db: Db, query: GalleryQuery) {
  let qb = filtered(db, query).select([...SUMMARY]);
  if (query.sort === 'votes') qb = qb.orderBy('vote_count', 'desc').orderBy('entry_no', 'asc');
  else if (query.sort === 'number') qb = qb.orderBy('entry_no', 'asc');
  else qb = qb.orderBy('approved_at', 'desc').orderBy('id', 'desc');
  const [items, total] = await Promise.all([
    qb.orderBy('id', 'asc').limit(query.limit).offset(query.offset).execute(),
    filtered(db, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

export async function findApproved(db: Db, id: number) {
  return db
    .selectFrom('entries')
    .select([...SUMMARY, 'description', 'team_desc', 'team_logo_url', 'slogan', 'video_cover_url'])
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
