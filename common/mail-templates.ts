import type { MessageKey } from './i18n/index';
import type { Locale } from './locales';

/**
 * Every mail the product sends, by kind, with the placeholders its text may use. The server keeps the
 * default texts and renders; the console lists the kinds and their placeholders from here, so a kind added
 * here is editable everywhere at once. `site` and `organiser` (the contest identity) are offered by every kind.
 */
export const MAIL_KINDS = [
  'accountVerify',
  'passwordReset',
  'jurorInvitation',
  'jurorReminder',
  'entryReceived',
  'entryApproved',
  'entryRejected',
  'entryChangesRequested',
  'resultsWinner',
  'resultsEntrant',
  'voteCode',
  'contactCopy',
  'contactReply',
  'reminderDraftEntry',
  'reminderNoEntry',
  'reminderJurorUnscored',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Placeholders whose value is an address: the HTML part makes them a link. */
export const LINK_PLACEHOLDERS = ['link', 'accountUrl', 'entryUrl', 'editUrl', 'resultsUrl', 'submitUrl'] as const;

export const IDENTITY_PLACEHOLDERS = ['site', 'organiser'] as const;

const OWN_PLACEHOLDERS = {
  accountVerify: ['link', 'hours'],
  passwordReset: ['link', 'minutes'],
  jurorInvitation: ['link', 'days'],
  jurorReminder: ['link'],
  entryReceived: ['entryTitle', 'submissionNo', 'accountUrl'],
  entryApproved: ['entryTitle', 'submissionNo', 'entryNo', 'entryUrl', 'accountUrl'],
  entryRejected: ['entryTitle', 'submissionNo', 'reason', 'accountUrl'],
  entryChangesRequested: ['entryTitle', 'submissionNo', 'note', 'editUrl', 'accountUrl'],
  resultsWinner: ['entryTitle', 'award', 'resultsUrl'],
  resultsEntrant: ['entryTitle', 'resultsUrl'],
  voteCode: ['code', 'minutes'],
  contactCopy: ['name', 'email', 'senderLocale', 'ip', 'message'],
  contactReply: ['name', 'reply', 'original'],
  reminderDraftEntry: ['deadline', 'accountUrl'],
  reminderNoEntry: ['deadline', 'submitUrl'],
  reminderJurorUnscored: ['count', 'deadline', 'link'],
} as const satisfies Record<MailKind, readonly string[]>;

/** The values a service passes when it sends a kind (the identity ones are added by the sender). */
export type MailValues<K extends MailKind> = Record<(typeof OWN_PLACEHOLDERS)[K][number], string | number>;

export function mailPlaceholders(kind: MailKind): readonly string[] {
  return [...OWN_PLACEHOLDERS[kind], ...IDENTITY_PLACEHOLDERS];
}

/** Sample values of the preview and the test send: neutral values here, texts from the interface's locale. */
const SAMPLE_VALUES: Record<string, string> = {
  link: 'https://example.com/link?token=sample',
  accountUrl: 'https://example.com/account',
  entryUrl: 'https://example.com/entries/12',
  editUrl: 'https://example.com/submitWorks?edit=12',
  resultsUrl: 'https://example.com/results',
  submitUrl: 'https://example.com/submit',
  deadline: '2026-12-31 18:00 (UTC+8)',
  count: '3',
  hours: '24',
  minutes: '30',
  days: '7',
  submissionNo: 'S2026-000012',
  entryNo: '12',
  code: '123456',
  email: 'li.lei@example.com',
  senderLocale: 'zh-CN',
  ip: '203.0.113.7',
};
const SAMPLE_TEXTS = ['entryTitle', 'reason', 'note', 'award', 'name', 'message', 'reply', 'original'] as const;

export function sampleMailValues(kind: MailKind, text: (key: MessageKey) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of OWN_PLACEHOLDERS[kind] as readonly string[]) {
    out[name] = (SAMPLE_TEXTS as readonly string[]).includes(name) ? text(`mail.sample.${name}` as MessageKey) : (SAMPLE_VALUES[name] ?? name);
  }
  return out;
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names a text uses, in order, each once. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}

/** Splits a text into literal pieces and placeholders (`{ name }`), for the renderers of both parts. */
export function templatePieces(text: string): ({ literal: string } | { name: string })[] {
  const pieces: ({ literal: string } | { name: string })[] = [];
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > at) pieces.push({ literal: text.slice(at, m.index) });
    pieces.push({ name: m[1] ?? '' });
    at = m.index + m[0].length;
  }
  if (at < text.length) pieces.push({ literal: text.slice(at) });
  return pieces;
}

export const MAIL_SUBJECT_MAX = 200;
export const MAIL_BODY_MAX = 10_000;

/** One locale's text of a kind: the subject and the body, both with placeholders. */
export type MailLocaleText = { subject: string; body: string };

/** What the console's list and editor read. `i18n` is what the organiser saved (null: the defaults apply). */
export type AdminMailTemplate = {
  kind: MailKind;
  placeholders: string[];
  defaults: Record<Locale, MailLocaleText>;
  i18n: (Record<Locale, MailLocaleText> & { converted: boolean }) | null;
  updatedAt: string | null;
};

export type MailPreview = { subject: string; text: string; html: string };
