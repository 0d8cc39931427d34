import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import type { MyEntry, MyEntryDetail, UploadPurpose } from '../../../../common/schemas/entry';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { type EntryRow, findUserEntry, listUserEntries } from '../../db/repos/entries/repository';
import { entryUploads } from '../../db/repos/submission/uploads';
import { AppError } from '../../errors';
import { ownerEntry, ownerEntryDetail } from '../entries/presenter';
import { mayApply, sentBack } from '../entries/status';
import { presentEntryAnswers } from '../entry-form/present-answers';
import { getMediaStatus } from '../media/jobs';
import { submissionSettings } from './settings';

/** Pending review and the window is open, or sent back by a reviewer: the owner may edit or withdraw it. */
const editable = (row: EntryRow, windowOpen: boolean) => (windowOpen || sentBack(row.status)) && mayApply('edit', row.status);

/** The film's processing state from the media pipeline ("processing 42%"). */
async function mediaOf(ctx: AppContext, entryId: number): Promise<MyEntry['media']> {
  const { status, progress } = await getMediaStatus(ctx, entryId);
  return { status, progress };
}

export async function listMyEntries(ctx: AppContext, userId: number): Promise<MyEntry[]> {
  const { open } = await submissionSettings(ctx.db);
  const rows = await listUserEntries(ctx.db, userId);
  return Promise.all(rows.map(async (row) => ownerEntry(row, editable(row, open), await mediaOf(ctx, row.id))));
}

/** One of the person's own entries (someone else's is "not found", so ids reveal nothing). */
export async function myEntryRow(db: Db, userId: number, id: number): Promise<EntryRow> {
  const row = await findUserEntry(db, userId, id);
  if (!row || row.status === 'withdrawn') throw new AppError(Code.MyEntryNotFound);
  return row;
}

export async function getMyEntry(ctx: AppContext, userId: number, id: number, locale: Locale): Promise<MyEntryDetail> {
  const { db } = ctx;
  const row = await myEntryRow(db, userId, id);
  const { open } = await submissionSettings(db);
  const files: MyEntryDetail['files'] = {};
  for (const upload of await entryUploads(db, row.id)) {
    files[upload.purpose as UploadPurpose] = {
      id: upload.id,
      name: upload.file_name,
      size: upload.size,
      url: upload.public_url,
      meta: JSON.parse(upload.meta) as Record<string, unknown>,
    };
  }
  return ownerEntryDetail(row, editable(row, open), await mediaOf(ctx, row.id), files, await presentEntryAnswers(db, row.id, { audience: 'owner', locale }));
}
