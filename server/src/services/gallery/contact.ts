import { Code } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import type { ContactInput, ScamReportInput } from '../../../../common/schemas/contact';
import { ORGANISER_EMAIL_SETTING } from '../../../../common/settings-keys';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { deleteContactMessage, insertContactMessage, insertScamReport } from '../../db/repos/gallery/contact';
import { readSettings } from '../../db/repos/settings';
import { AppError } from '../../errors';
import { buildMail } from '../mail/send-mail';
import { redeemSolution } from './challenge';

/** The address the organiser set in the console, else ORGANISER_EMAIL. */
async function organiserAddress(ctx: AppContext): Promise<string> {
  const value = (await readSettings(ctx.db))[ORGANISER_EMAIL_SETTING];
  return typeof value === 'string' && value.includes('@') ? value : ctx.config.organiserEmail;
}

/**
 * A contact message: proof of work first, then stored and e-mailed to the organiser. When the mail cannot be
 * sent the row is removed again and the visitor gets 2012, so a retry does not leave a duplicate.
 */
export async function sendContactMessage(ctx: AppContext, input: ContactInput, meta: { locale: Locale; ip: string }): Promise<void> {
  await redeemSolution(ctx, input.altcha, 'contact');
  const { name, email, content } = input;
  const id = await insertContactMessage(ctx.db, { name, email, content, locale: meta.locale, ip: meta.ip, created_at: nowIso() });
  // The organiser reads the console in Chinese first; the sender's own language is in the mail.
  const values = { name, email, senderLocale: meta.locale, ip: meta.ip, message: content };
  try {
    await ctx.mailer.send(await buildMail(ctx, 'contactCopy', await organiserAddress(ctx), 'zh-CN', values));
  } catch (cause) {
    await deleteContactMessage(ctx.db, id);
    throw new AppError(Code.SendingFailed, { cause });
  }
}

export async function reportScam(ctx: AppContext, input: ScamReportInput, meta: { locale: Locale; ip: string }): Promise<void> {
  await redeemSolution(ctx, input.altcha, 'report');
  const contact = input.contact?.trim() || null;
  await insertScamReport(ctx.db, { what: input.what, happened_on: input.happenedOn, contact, locale: meta.locale, ip: meta.ip, created_at: nowIso() });
}
