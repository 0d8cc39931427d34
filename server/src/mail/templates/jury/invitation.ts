import type { Locale } from '../../../../../common/locales';
import type { MailBrand } from '../../../services/content/identity';
import type { MailMessage } from '../../mailer';
import { linkMail } from '../accounts/account-mail';

/** The juror's invitation: one link that sets a password, in the locale the organiser chose. */
export function jurorInvitationMail(locale: Locale, to: string, link: string, days: number, brand: MailBrand): MailMessage {
  return linkMail(
    locale,
    to,
    link,
    {
      subject: 'jury.mail.invite.subject',
      intro: 'jury.mail.invite.intro',
      action: 'jury.mail.invite.action',
      expiry: 'jury.mail.invite.expiry',
      ignore: 'jury.mail.invite.ignore',
    },
    { days },
    brand,
  );
}

/**
 * To a juror who already set a password and is invited again (a new scope or member): a reminder with the
 * console's sign-in address, no link that would set a new password and end their sessions.
 */
export function jurorReminderMail(locale: Locale, to: string, link: string, brand: MailBrand): MailMessage {
  return linkMail(
    locale,
    to,
    link,
    {
      subject: 'jury.mail.remind.subject',
      intro: 'jury.mail.remind.intro',
      action: 'jury.mail.remind.action',
      expiry: 'jury.mail.remind.expiry',
      ignore: 'jury.mail.remind.ignore',
    },
    {},
    brand,
  );
}
