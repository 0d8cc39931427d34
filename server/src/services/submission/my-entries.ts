import type { Selectable } from 'kysely';
import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import type { MyEntry, MyEntryDetail, UploadPurpose } from '../../../../common/schemas/entry';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { findUserEntry, listUserEntries } from '../../db/repos/submission/entries';
import { entryUploads } from '../../db/repos/submission/uploads';
import type { EntriesTable } from '../../db/schema/entries';
import { AppError } from '../../errors';
import { presentEntryAnswers } from '../entry-form/present-answers';
import { getMediaStatus } from '../media/jobs';
import { submissionSettings } from './settings';

type EntryRow = Selectable<EntriesTable>;

function toMyEntry(row: EntryRow, windowOpen: boolean, media: MyEntry['media']): MyEntry {
  return {
    id: row.id,
    submissionNo: row.submission_no,
    entryNo: row.entry_no,
    status: row.status as MyEntry['status'],
    group: row.group,
    title: row.title,
    coverUrl: row.cover_url,
    rejectReason: row.status === 'rejected' ? row.reject_reason : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    editable: row.status === 'pending' && windowOpen,
    media,
  };
}

/** The film's processing state from the media pipeline ("processing 42%"). */
async function mediaOf(ctx: AppContext, entryId: number): Promise<MyEntry['media']> {
  const { status, progress } = await getMediaStatus(ctx, entryId);
  return { status, progress };
}

export async function listMyEntries(ctx: AppContext, userId: number): Promise<MyEntry[]> {
  const { open } = await submissionSettings(ctx.db);
  const rows = await listUserEntries(ctx.db, userId);
  return Promise.all(rows.map(async (row) => toMyEntry(row, open, await mediaOf(ctx, row.id))));
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
  return {
    ...toMyEntry(row, open, await mediaOf(ctx, row.id)),
    description: row.description,
    team: row.team,
    teamDesc: row.team_desc,
    slogan: row.slogan,
    files,
    answers: await presentEntryAnswers(db, row.id, { audience: 'owner', locale }),
  };
}
