import { escapeHtml } from '../../../../common/html-escape';
import type { Locale } from '../../../../common/locales';
import { LINK_PLACEHOLDERS, type MailLocaleText, type MailPreview, templatePieces } from '../../../../common/mail-templates';
import { safeUrl } from '../../../../common/safe-url';

/** Who a mail comes from, as the contest identity says in the recipient's locale: name, organiser, logo, colour. */
export type MailIdentity = { site: string; organiser: string; logoUrl: string; colour: string };

const DEFAULT_COLOUR = '#1d4ed8';
const FONT = "system-ui,'PingFang SC','Microsoft YaHei',sans-serif";
const isLink = (name: string) => (LINK_PLACEHOLDERS as readonly string[]).includes(name);

function fill(text: string, values: Record<string, string>): string {
  return templatePieces(text)
    .map((p) => ('literal' in p ? p.literal : (values[p.name] ?? '')))
    .join('');
}

/** One line of the body as HTML: every piece escaped, addresses as links, a lone address as a button. */
function htmlLine(line: string, values: Record<string, string>, colour: string): string {
  const pieces = templatePieces(line.trim());
  const only = pieces.length === 1 && pieces[0] && 'name' in pieces[0] ? pieces[0].name : null;
  if (only && isLink(only) && safeUrl(values[only])) {
    const url = escapeHtml(values[only] ?? '');
    return `<a href="${url}" style="display:inline-block;padding:10px 20px;background:${colour};color:#ffffff;border-radius:6px;text-decoration:none;word-break:break-all">${url}</a>`;
  }
  return templatePieces(line)
    .map((p) => {
      if ('literal' in p) return escapeHtml(p.literal);
      const value = values[p.name] ?? '';
      if (isLink(p.name) && safeUrl(value)) return `<a href="${escapeHtml(value)}" style="color:${colour};word-break:break-all">${escapeHtml(value)}</a>`;
      return escapeHtml(value).replace(/\r?\n/g, '<br>');
    })
    .join('');
}

/**
 * A mail from one kind's text and its values: the subject, a plain-text part and an HTML part built from the
 * same body (blank lines part paragraphs), signed with the contest's identity. Values are escaped in the HTML
 * part, so an entry titled `<script>` arrives as text.
 */
export function renderMail(locale: Locale, template: MailLocaleText, values: Record<string, string>, identity: MailIdentity): MailPreview {
  const colour = /^#[0-9a-f]{6}$/i.test(identity.colour) ? identity.colour : DEFAULT_COLOUR;
  const all = { ...values, site: identity.site, organiser: identity.organiser };
  const subject = fill(template.subject, all).replace(/\s+/g, ' ').trim();
  const body = template.body.replace(/\r\n/g, '\n').trim();
  const text = `${fill(body, all)}\n\n${identity.site}\n${identity.organiser}\n`;
  const paragraphs = body
    .split(/\n\s*\n/)
    .map(
      (p) =>
        `<p style="margin:0 0 16px">${p
          .split('\n')
          .map((l) => htmlLine(l, all, colour))
          .join('<br>')}</p>`,
    )
    .join('\n');
  const site = escapeHtml(identity.site);
  const logo = safeUrl(identity.logoUrl);
  const head = logo
    ? `<img src="${escapeHtml(logo)}" alt="${site}" style="display:block;max-height:48px;max-width:240px;margin:0 0 20px">`
    : `<p style="margin:0 0 20px;font-size:18px;font-weight:700;color:${colour}">${site}</p>`;
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f3f4f6">
<div style="max-width:600px;margin:0 auto;padding:24px 12px;font-family:${FONT};color:#1f2937;line-height:1.6;font-size:15px">
<div style="background:#ffffff;border-top:4px solid ${colour};border-radius:6px;padding:24px">
${head}
${paragraphs}
<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${site}<br>${escapeHtml(identity.organiser)}</p>
</div></div></body></html>`;
  return { subject, text, html };
}
