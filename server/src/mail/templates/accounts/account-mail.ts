import { type MessageKey, t } from '../../../../../common/i18n/index';
import type { Locale } from '../../../../../common/locales';
import type { MailBrand } from '../../../services/content/identity';
import type { MailMessage } from '../../mailer';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export type LinkMailParts = { subject: MessageKey; intro: MessageKey; action: MessageKey; expiry: MessageKey; ignore: MessageKey };

/** One e-mail with a text and an HTML part carrying the same link, in the person's locale, signed with the contest's identity. */
export function linkMail(locale: Locale, to: string, link: string, keys: LinkMailParts, values: Record<string, number>, brand: MailBrand): MailMessage {
  const { site, organiser } = brand;
  const subject = t(locale, keys.subject, { site });
  const intro = t(locale, keys.intro, { site });
  const action = t(locale, keys.action);
  const expiry = t(locale, keys.expiry, values);
  const ignore = t(locale, keys.ignore);
  const text = `${intro}\n\n${action}:\n${link}\n\n${expiry}\n${ignore}\n\n${site}\n${organiser}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2937;line-height:1.6">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 20px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="word-break:break-all;font-size:13px;color:#4b5563">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(expiry)}<br>${escapeHtml(ignore)}</p>
<p>${escapeHtml(site)}<br>${escapeHtml(organiser)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export function verifyEmailMail(locale: Locale, to: string, link: string, hours: number, brand: MailBrand): MailMessage {
  return linkMail(
    locale,
    to,
    link,
    {
      subject: 'account.mail.verify.subject',
      intro: 'account.mail.verify.intro',
      action: 'account.mail.verify.action',
      expiry: 'account.mail.verify.expiry',
      ignore: 'account.mail.verify.ignore',
    },
    { hours },
    brand,
  );
}

export function resetPasswordMail(locale: Locale, to: string, link: string, minutes: number, brand: MailBrand): MailMessage {
  return linkMail(
    locale,
    to,
    link,
    {
      subject: 'account.mail.reset.subject',
      intro: 'account.mail.reset.intro',
      action: 'account.mail.reset.action',
      expiry: 'account.mail.reset.expiry',
      ignore: 'account.mail.reset.ignore',
    },
    { minutes },
    brand,
  );
}
