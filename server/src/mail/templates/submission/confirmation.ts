import { t } from '../../../../../common/i18n/index';
import type { Locale } from '../../../../../common/locales';
import { escapeHtml } from '../../../html/escape';
import type { MailMessage } from '../../mailer';

/** The confirmation a submitter receives, in their locale. */
export function confirmationMail(locale: Locale, to: string, v: { title: string; submissionNo: string; accountUrl: string }): MailMessage {
  const values = { title: v.title, number: v.submissionNo };
  const subject = t(locale, 'submit.mail.subject', values);
  const lines = [t(locale, 'submit.mail.greeting'), t(locale, 'submit.mail.body', values), t(locale, 'submit.mail.review'), v.accountUrl];
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: `<p>${escapeHtml(lines[0] as string)}</p><p>${escapeHtml(lines[1] as string)}</p><p>${escapeHtml(lines[2] as string)}</p><p><a href="${escapeHtml(v.accountUrl)}">${escapeHtml(v.accountUrl)}</a></p>`,
  };
}
