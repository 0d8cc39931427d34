import type { Locale } from '../../../../common/locales';
import type { MailKind, MailLocaleText, MailValues } from '../../../../common/mail-templates';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { findMailTemplate } from '../../db/repos/console/mail-templates';
import type { MailMessage } from '../../mail/mailer';
import { defaultMailText } from '../../mail/templates/defaults';
import { renderMail } from '../../mail/templates/render';
import { mailIdentity } from '../content/identity';

/** The organiser's saved texts of a kind, per locale (empty fields stand for the default). */
export type StoredMailTexts = Partial<Record<Locale, Partial<MailLocaleText> & { _converted?: string[] }>>;

export function parseStoredTexts(json: string | undefined): StoredMailTexts {
  if (!json) return {};
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as StoredMailTexts) : {};
  } catch {
    return {};
  }
}

/** The text a kind is sent with in a locale: the organiser's, field by field, else the default. */
export function effectiveText(stored: StoredMailTexts, kind: MailKind, locale: Locale): MailLocaleText {
  const mine = stored[locale] ?? {};
  const fallback = defaultMailText(kind, locale);
  return { subject: mine.subject?.trim() || fallback.subject, body: mine.body?.trim() || fallback.body };
}

export async function mailTextOf(db: Db, kind: MailKind, locale: Locale): Promise<MailLocaleText> {
  return effectiveText(parseStoredTexts((await findMailTemplate(db, kind))?.i18n), kind, locale);
}

/** Renders `text` for `to` with the contest identity of `locale`. */
export async function composeMail(
  ctx: AppContext,
  to: string,
  locale: Locale,
  text: MailLocaleText,
  values: Record<string, string | number>,
): Promise<MailMessage> {
  const strings = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
  const identity = await mailIdentity(ctx.db, locale, ctx.config.publicUrl);
  return { to, ...renderMail(locale, text, strings, identity) };
}

/** A mail of `kind` in the recipient's locale, from the organiser's text (or the default), ready to send. */
export async function buildMail<K extends MailKind>(ctx: AppContext, kind: K, to: string, locale: Locale, values: MailValues<K>): Promise<MailMessage> {
  return composeMail(ctx, to, locale, await mailTextOf(ctx.db, kind, locale), values);
}

/** Builds and sends; rejects when delivery fails (each caller decides what a failure means to it). */
export async function sendMail<K extends MailKind>(ctx: AppContext, kind: K, to: string, locale: Locale, values: MailValues<K>): Promise<void> {
  await ctx.mailer.send(await buildMail(ctx, kind, to, locale, values));
}
