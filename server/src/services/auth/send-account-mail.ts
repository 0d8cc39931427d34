import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { MailMessage } from '../../mail/mailer';

export type MailErrorLog = (err: unknown) => void;

/** Sends a mail a person is waiting for; a delivery failure is logged and becomes 2012. */
export async function sendAccountMail(ctx: AppContext, message: MailMessage, logError: MailErrorLog): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    logError(err);
    throw new AppError(Code.SendingFailed, { cause: err });
  }
}
