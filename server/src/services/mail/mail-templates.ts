import { Code, type ErrorCode } from '../../../../common/errors';
import { t } from '../../../../common/i18n/index';
import { type Locale, SUPPORTED_LOCALES } from '../../../../common/locales';
import type { MailTemplateInput, MailTryInput } from '../../../../common/mail-template-schemas';
import {
  type AdminMailTemplate,
  MAIL_KINDS,
  type MailKind,
  type MailLocaleText,
  type MailPreview,
  mailPlaceholders,
  placeholdersIn,
  sampleMailValues,
} from '../../../../common/mail-templates';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import { findUserById } from '../../db/repos/accounts';
import { deleteMailTemplate, findMailTemplate, listMailTemplates, saveMailTemplate } from '../../db/repos/console/mail-templates';
import { AppError } from '../../errors';
import { defaultMailText } from '../../mail/templates/defaults';
import { fillTraditional } from '../content-editing/fill-traditional';
import { composeMail, effectiveText, parseStoredTexts, type StoredMailTexts } from '../mail/send-mail';

const FIELDS = ['subject', 'body'] as const;

function defaultsOf(kind: MailKind): Record<Locale, MailLocaleText> {
  return Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, defaultMailText(kind, l)])) as Record<Locale, MailLocaleText>;
}

function present(kind: MailKind, row: { i18n: string; updated_at: string } | undefined): AdminMailTemplate {
  const stored = row ? parseStoredTexts(row.i18n) : null;
  const texts = (l: Locale) => ({ subject: stored?.[l]?.subject ?? '', body: stored?.[l]?.body ?? '' });
  return {
    kind,
    placeholders: [...mailPlaceholders(kind)],
    defaults: defaultsOf(kind),
    i18n: stored
      ? {
          'zh-CN': texts('zh-CN'),
          'zh-TW': texts('zh-TW'),
          'en-US': texts('en-US'),
          converted: Boolean(stored['zh-TW']?._converted?.length),
        }
      : null,
    updatedAt: row?.updated_at ?? null,
  };
}

export async function adminMailTemplates(db: Db): Promise<AdminMailTemplate[]> {
  const rows = new Map((await listMailTemplates(db)).map((r) => [r.kind, r]));
  return MAIL_KINDS.map((kind) => present(kind, rows.get(kind)));
}

export async function adminMailTemplate(db: Db, kind: MailKind): Promise<AdminMailTemplate> {
  return present(kind, await findMailTemplate(db, kind));
}

/** Refuses a placeholder the kind does not offer, on the field that uses it (one code, the name as its value). */
function assertKnownPlaceholders(kind: MailKind, texts: Partial<Record<Locale, Partial<MailLocaleText>>>): void {
  const known = new Set(mailPlaceholders(kind));
  const fields: Record<string, ErrorCode> = {};
  let first: string | undefined;
  for (const locale of SUPPORTED_LOCALES) {
    for (const field of FIELDS) {
      const unknown = placeholdersIn(texts[locale]?.[field] ?? '').filter((name) => !known.has(name));
      if (unknown.length === 0) continue;
      fields[`i18n.${locale}.${field}`] = Code.MailTemplateUnknownPlaceholder;
      first ??= unknown[0];
    }
  }
  if (first !== undefined) throw new AppError(Code.MailTemplateUnknownPlaceholder, { fields, values: { name: `{{${first}}}` } });
}

/**
 * Saves a kind's texts. Placeholders are checked first, so nothing is written with one the mail could not
 * fill. zh-TW fields left empty are filled from zh-CN by OpenCC (and follow later zh-CN edits while they stay
 * untouched), as every other text of the console; other empty fields keep the default.
 */
export async function saveAdminMailTemplate(db: Db, kind: MailKind, input: MailTemplateInput): Promise<AdminMailTemplate> {
  assertKnownPlaceholders(kind, input.i18n);
  const previous = parseStoredTexts((await findMailTemplate(db, kind))?.i18n);
  const texts: Record<string, Record<string, unknown>> = {};
  for (const locale of SUPPORTED_LOCALES) texts[locale] = { ...input.i18n[locale] };
  // A zh-TW field OpenCC filled last time and still unchanged is filled again from the new zh-CN.
  const was = previous['zh-TW'];
  const tw = texts['zh-TW'] as Record<string, unknown>;
  const stillConverted = (was?._converted ?? []).filter((f) => tw[f] === was?.[f as keyof MailLocaleText]);
  if (stillConverted.length) tw._converted = stillConverted;
  const i18n = fillTraditional(texts, FIELDS) as StoredMailTexts;
  await saveMailTemplate(db, { kind, i18n: JSON.stringify(i18n), updated_at: nowIso() });
  return adminMailTemplate(db, kind);
}

/** Back to the product's own texts in every locale. */
export async function resetAdminMailTemplate(db: Db, kind: MailKind): Promise<AdminMailTemplate> {
  await deleteMailTemplate(db, kind);
  return adminMailTemplate(db, kind);
}

/** The text being edited (an empty field: what would be sent instead), rendered with the kind's sample values. */
async function sample(ctx: AppContext, kind: MailKind, input: MailTryInput, to: string) {
  assertKnownPlaceholders(kind, { [input.locale]: input });
  const fallback = effectiveText({}, kind, input.locale);
  const text = { subject: input.subject || fallback.subject, body: input.body || fallback.body };
  return composeMail(
    ctx,
    to,
    input.locale,
    text,
    sampleMailValues(kind, (key) => t(input.locale, key)),
  );
}

export async function previewMail(ctx: AppContext, kind: MailKind, input: MailTryInput): Promise<MailPreview> {
  const { subject, text, html } = await sample(ctx, kind, input, '');
  return { subject, text, html };
}

/** Sends the sample to the organiser's own address; a delivery failure is 2012. */
export async function testSendMail(ctx: AppContext, kind: MailKind, adminId: number, input: MailTryInput): Promise<{ to: string }> {
  const admin = await findUserById(ctx.db, adminId);
  if (!admin) throw new AppError(Code.NotFound);
  const message = await sample(ctx, kind, input, admin.email);
  try {
    await ctx.mailer.send(message);
  } catch (cause) {
    throw new AppError(Code.SendingFailed, { cause });
  }
  return { to: admin.email };
}
