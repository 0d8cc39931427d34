import type { Locale } from '../../../../common/locales';
import type { EntryUpdateInput, UploadPurpose } from '../../../../common/schemas/entry';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { lockUser, updateEntry } from '../../db/repos/entries/repository';
import { attachUploads, deleteUploads, entryUploads, findUploads } from '../../db/repos/submission/uploads';
import type { SessionUser } from '../auth/sessions';
import { assertMayApply, ENTRY_TRANSITIONS, sentBack, withdrawnColumns } from '../entries/status';
import { checkEntryForm } from '../entry-form/entry-form-of-entry';
import { enqueueEntryFilm, removeEntryMedia } from '../media/jobs';
import { fileColumns, pickUploads, type UploadRow } from './attach-uploads';
import { discardFiles } from './discard-files';
import { myEntryRow } from './my-entries';
import { assertMaySubmit, submissionSettings } from './settings';

/**
 * Editing and withdrawing are allowed while the window is open, in the statuses the status machine allows;
 * an entry a reviewer sent back may be changed after the window closes too, since the organiser asked for it.
 */
async function assertChangeable(ctx: AppContext, user: SessionUser, id: number, action: 'edit' | 'withdraw') {
  const settings = await submissionSettings(ctx.db);
  const row = await myEntryRow(ctx.db, user.id, id);
  assertMaySubmit(user, sentBack(row.status) ? { ...settings, open: true } : settings);
  assertMayApply(action, row.status);
  return row;
}

/** Updates the texts, swaps any replaced files and drops cleared optional ones; their bytes are deleted after the commit. */
export async function updateMyEntry(ctx: AppContext, user: SessionUser, id: number, input: EntryUpdateInput, locale: Locale): Promise<void> {
  await assertChangeable(ctx, user, id, 'edit');
  const slots = Object.fromEntries(Object.entries(input.uploads).filter(([, v]) => v)) as Partial<Record<UploadPurpose, string>>;
  // An optional file sent as null (the trailer) is removed; the schema lets only optional files be null.
  const cleared = Object.entries(input.uploads).flatMap(([purpose, v]) => (v === null ? [purpose] : []));
  const replaced = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, user.id);
    const current = await myEntryRow(trx, user.id, id);
    assertMayApply('edit', current.status);
    const files = pickUploads(await findUploads(trx, Object.values(slots)), slots, user.id);
    const form = await checkEntryForm(trx, { ...input, userId: user.id, film: files.video, timeZone: ctx.config.contestTimezone, locale, current });
    const old = (await entryUploads(trx, id)).filter((u) => u.purpose in files || cleared.includes(u.purpose) || form.dropped.includes(u.id));
    await deleteUploads(
      trx,
      old.map((u) => u.id),
    );
    await attachUploads(trx, id, [...Object.values(slots), ...form.attach], nowIso());
    await updateEntry(trx, id, {
      // Saving changes to an entry that was sent back returns it to review.
      status: ENTRY_TRANSITIONS.edit.to,
      title: input.title,
      title_en: input.titleEn,
      description: input.description,
      team: input.team,
      team_desc: input.teamDesc,
      slogan: input.slogan,
      group: input.group,
      ...fileColumns(files),
      ...form.columns,
      updated_at: nowIso(),
    });
    return old;
  });
  await discardFiles(ctx, replaced);
  if (slots.video) await enqueueEntryFilm(ctx, id);
}

/** Withdraws an entry: it stops counting towards the limit, and its files are deleted. */
export async function withdrawMyEntry(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  await assertChangeable(ctx, user, id, 'withdraw');
  const removed: UploadRow[] = await ctx.db.transaction().execute(async (trx) => {
    const current = await myEntryRow(trx, user.id, id);
    const withdrawn = withdrawnColumns(current.status, nowIso());
    const uploads = await entryUploads(trx, id);
    await deleteUploads(
      trx,
      uploads.map((u) => u.id),
    );
    await updateEntry(trx, id, withdrawn);
    return uploads;
  });
  await removeEntryMedia(ctx, id);
  await discardFiles(ctx, removed);
}
