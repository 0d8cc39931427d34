import { randomBytes } from 'node:crypto';
import { Code } from '../../../../common/errors';
import { isLocale, type Locale } from '../../../../common/locales';
import type { EntryCreateInput } from '../../../../common/schemas/entry';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { countActiveEntries, insertEntry, lockUser, updateEntry } from '../../db/repos/entries/repository';
import { attachUploads, findUploads } from '../../db/repos/submission/uploads';
import { AppError } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { submittedColumns } from '../entries/status';
import { checkEntryForm } from '../entry-form/entry-form-of-entry';
import { sendMail } from '../mail/send-mail';
import { enqueueEntryFilm } from '../media/jobs';
import { fileColumns, pickUploads } from './attach-uploads';
import { assertMaySubmit, submissionSettings, withinGrace } from './settings';

export function submissionNumber(id: number, at: Date): string {
  return `S${at.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

/**
 * Writes a new entry (status "pending review", a submission number) and ties its checked uploads to it,
 * in one transaction; then sends the confirmation e-mail in the person's locale.
 */
export async function submitEntry(ctx: AppContext, user: SessionUser, input: EntryCreateInput, requestLocale: Locale, log: (err: unknown) => void) {
  const now = new Date();
  const settings = await submissionSettings(ctx.db, now);
  // After the deadline, an entry whose files were all begun before it may still be sent within the grace period.
  const late = !settings.open;
  assertMaySubmit(user, late && withinGrace(settings, [], now) ? { ...settings, open: true } : settings);
  const locale: Locale = isLocale(user.locale) ? user.locale : requestLocale;
  // The optional trailer may be absent.
  const uploadIds = Object.values(input.uploads).filter((v): v is string => typeof v === 'string');
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, user.id);
    if ((await countActiveEntries(trx, user.id)) >= settings.entryLimit) throw new AppError(Code.EntryLimitReached, { values: { limit: settings.entryLimit } });
    const files = pickUploads(await findUploads(trx, uploadIds), input.uploads, user.id);
    if (
      late &&
      !withinGrace(
        settings,
        Object.values(files).map((f) => f.created_at),
        now,
      )
    )
      throw new AppError(Code.SubmissionClosed);
    const form = await checkEntryForm(trx, { ...input, userId: user.id, film: files.video, timeZone: ctx.config.contestTimezone, locale: requestLocale });
    const id = await insertEntry(trx, {
      user_id: user.id,
      submission_no: `tmp-${randomBytes(8).toString('hex')}`,
      group: input.group,
      title: input.title,
      title_en: input.titleEn,
      description: input.description,
      team: input.team,
      team_desc: input.teamDesc,
      slogan: input.slogan,
      ...fileColumns(files),
      locale,
      ...submittedColumns(nowIso(now)),
      ...form.columns,
    });
    const submissionNo = submissionNumber(id, now);
    await updateEntry(trx, id, { submission_no: submissionNo });
    await attachUploads(trx, id, [...uploadIds, ...form.attach], nowIso(now));
    return { id, submissionNo };
  });
  try {
    // The media pipeline transcodes the film; the entry is stored whatever happens here.
    await enqueueEntryFilm(ctx, result.id);
  } catch (err) {
    log(err);
  }
  try {
    await sendMail(ctx, 'entryReceived', user.email, locale, {
      entryTitle: input.title,
      submissionNo: result.submissionNo,
      accountUrl: `${ctx.config.publicUrl}/${locale}/account`,
    });
  } catch (err) {
    // The entry is safely stored; a mail outage must not turn it into a failure the person retries.
    log(err);
  }
  return result;
}
