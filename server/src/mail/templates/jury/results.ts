import { t } from '../../../../../common/i18n/index';
import type { Locale } from '../../../../../common/locales';
import { escapeHtml } from '../../../html/escape';
import type { MailBrand } from '../../../services/content/identity';
import type { MailMessage } from '../../mailer';

/** The results mail to an entrant: a winner's names the award, the others' thank them; both link the results. */
export function resultsMail(locale: Locale, to: string, v: { title: string; award: string | null; url: string }, brand: MailBrand): MailMessage {
  const { site, organiser } = brand;
  const values = { site, title: v.title, award: v.award ?? '' };
  const kind = v.award ? 'winner' : 'entrant';
  const subject = t(locale, `jury.mail.results.${kind}.subject`, values);
  const lines = [
    t(locale, `jury.mail.results.${kind}.greeting`, values),
    t(locale, `jury.mail.results.${kind}.body`, values),
    t(locale, 'jury.mail.results.link'),
  ];
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n${v.url}\n\n${site}\n${organiser}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(v.url)}">${escapeHtml(v.url)}</a></p><p>${escapeHtml(site)}<br>${escapeHtml(organiser)}</p>`,
  };
}
