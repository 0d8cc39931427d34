import type { Insertable } from 'kysely';
import type { Db, DialectName } from '../../database';
import type { UploadsTable } from '../../schema/submission';
import { lockUser } from '../entries/repository';
import { type UploadUsage, uploadUsage } from './upload-usage';

type Executor = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable' | 'deleteFrom'>;

/**
 * Creates an upload row and spends its credential in one transaction. The nonce's primary key decides: of two
 * creations with one credential, even in parallel, only the first inserts; the other gets false and no row.
 * `admit` sees the owner's uploads with that owner locked (PostgreSQL; SQLite writes one transaction at a
 * time), so parallel creations by one account are counted one after the other; it throws to refuse.
 */
export async function insertUploadSpendingCredential(
  db: Db,
  dialect: DialectName,
  row: Insertable<UploadsTable> & { user_id: number },
  credential: { nonce: string; expiresAt: string },
  admit: (usage: UploadUsage) => void,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, dialect, row.user_id);
    const spent = await trx
      .insertInto('spent_credentials')
      .values({ nonce: credential.nonce, expires_at: credential.expiresAt })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    if (!spent) return false;
    // A refusal rolls the spending back too: the credential may be used once the account has room again.
    admit(await uploadUsage(trx, row.user_id));
    await trx.insertInto('uploads').values(row).execute();
    return true;
  });
}

/** Forgets spent credentials that have expired (an expired credential is refused anyway). */
export function deleteExpiredSpentCredentials(db: Executor, now: string) {
  return db.deleteFrom('spent_credentials').where('expires_at', '<', now).execute();
}

export function findUpload(db: Executor, id: string) {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export function markUploadReady(db: Executor, id: string, values: { storage_key: string | null; public_url: string | null; meta: string; updated_at: string }) {
  return db
    .updateTable('uploads')
    .set({ ...values, status: 'ready' })
    .where('id', '=', id)
    .execute();
}

/** State of an organiser's upload being processed after its last byte (processing, published, failed). */
export function setUploadState(
  db: Executor,
  id: string,
  values: { status: string; public_url?: string | null; storage_key?: string | null; meta: string; updated_at: string },
) {
  return db.updateTable('uploads').set(values).where('id', '=', id).execute();
}

export function deleteUpload(db: Executor, id: string) {
  return db.deleteFrom('uploads').where('id', '=', id).execute();
}

export function findUploads(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('uploads').selectAll().where('id', 'in', ids).execute();
}

export function attachUploads(db: Executor, entryId: number, ids: string[], now: string) {
  if (ids.length === 0) return Promise.resolve();
  return db.updateTable('uploads').set({ entry_id: entryId, updated_at: now }).where('id', 'in', ids).execute();
}

export function entryUploads(db: Executor, entryId: number) {
  return db.selectFrom('uploads').selectAll().where('entry_id', '=', entryId).execute();
}

/** The entry's file for one purpose (e.g. its subtitles), if it has one. */
export function entryUpload(db: Executor, entryId: number, purpose: string) {
  return db.selectFrom('uploads').select(['id', 'storage_key']).where('entry_id', '=', entryId).where('purpose', '=', purpose).executeTakeFirst();
}

export function deleteUploads(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve();
  return db.deleteFrom('uploads').where('id', 'in', ids).execute();
}

/**
 * Uploads never finished since `unfinishedBefore`, or finished but never used since `unusedBefore`.
 * Published exhibition videos (status `published`) are never swept: the exhibition may use them.
 */
export function staleUploads(db: Executor, unfinishedBefore: string, unusedBefore: string) {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'uploading'), eb('created_at', '<', unfinishedBefore)]),
        eb.and([eb('status', '=', 'ready'), eb('entry_id', 'is', null), eb('updated_at', '<', unusedBefore)]),
        // An exhibition video whose converting process died (its original is still stored), or that failed long ago.
        eb.and([eb('status', '=', 'processing'), eb('updated_at', '<', unfinishedBefore)]),
        eb.and([eb('status', '=', 'failed'), eb('updated_at', '<', unusedBefore)]),
      ]),
    )
    .limit(500)
    .execute();
}
