import { MESSAGES, type MessageKey } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import type { MailKind, MailLocaleText } from '../../../../common/mail-templates';

/**
 * The texts every mail kind starts with, made of the interface's texts (common/i18n, three locales) so
 * a wording fixed there is fixed here too. A line is an interface text or a literal holding only
 * placeholders; `rename` maps an interface text's `{name}` to the kind's placeholder where they differ.
 */
type Line = MessageKey | { raw: string };
type Default = { subject: MessageKey; body: Line[]; rename?: Record<string, string> };

const BLANK: Line = { raw: '' };
const place = (name: string): Line => ({ raw: `{{${name}}}` });

/** The link mails of accounts and the jury: an intro, the action and its address, how long it works. */
function linkMail(prefix: 'account.mail.verify' | 'account.mail.reset' | 'jury.mail.invite' | 'jury.mail.remind'): Default {
  const k = (part: string) => `${prefix}.${part}` as MessageKey;
  return { subject: k('subject'), body: [k('intro'), BLANK, k('action'), place('link'), BLANK, k('expiry'), k('ignore')] };
}

const DEFAULTS: Record<MailKind, Default> = {
  accountVerify: linkMail('account.mail.verify'),
  passwordReset: linkMail('account.mail.reset'),
  jurorInvitation: linkMail('jury.mail.invite'),
  jurorReminder: linkMail('jury.mail.remind'),
  entryReceived: {
    subject: 'submit.mail.subject',
    body: ['submit.mail.greeting', BLANK, 'submit.mail.body', BLANK, 'submit.mail.review', place('accountUrl')],
    rename: { title: 'entryTitle', number: 'submissionNo' },
  },
  entryApproved: { subject: 'console.mail.approve.subject', body: ['console.mail.approve.body'] },
  entryRejected: { subject: 'console.mail.reject.subject', body: ['console.mail.reject.body'], rename: { title: 'entryTitle', url: 'accountUrl' } },
  entryChangesRequested: {
    subject: 'console.mail.changes.subject',
    body: ['console.mail.changes.body', BLANK, 'console.mail.changes.action', place('editUrl')],
    rename: { title: 'entryTitle' },
  },
  resultsWinner: {
    subject: 'jury.mail.results.winner.subject',
    body: ['jury.mail.results.winner.greeting', BLANK, 'jury.mail.results.winner.body', BLANK, 'jury.mail.results.link', place('resultsUrl')],
    rename: { title: 'entryTitle' },
  },
  resultsEntrant: {
    subject: 'jury.mail.results.entrant.subject',
    body: ['jury.mail.results.entrant.greeting', BLANK, 'jury.mail.results.entrant.body', BLANK, 'jury.mail.results.link', place('resultsUrl')],
    rename: { title: 'entryTitle' },
  },
  voteCode: { subject: 'vote.mail.subject', body: ['vote.mail.body', BLANK, place('code'), BLANK, 'vote.mail.ignore'] },
  contactCopy: {
    subject: 'contact.mail.subject',
    body: [{ raw: '{{name}} <{{email}}>' }, { raw: '{{senderLocale}} · {{ip}}' }, BLANK, place('message')],
  },
  contactReply: { subject: 'console.mail.reply.subject', body: ['console.mail.reply.body'] },
  reminderDraftEntry: {
    subject: 'submit.mail.closing.draft.subject',
    body: ['submit.mail.closing.draft.body', BLANK, 'submit.mail.closing.link', place('accountUrl')],
  },
  reminderNoEntry: {
    subject: 'submit.mail.closing.none.subject',
    body: ['submit.mail.closing.none.body', BLANK, 'submit.mail.closing.link', place('submitUrl')],
  },
  reminderJurorUnscored: {
    subject: 'jury.mail.unscored.subject',
    body: ['jury.mail.unscored.body', BLANK, 'jury.mail.unscored.action', place('link')],
  },
};

/** An interface text with its `{name}` values turned into the template's `{{name}}` placeholders. */
function asTemplate(locale: Locale, key: MessageKey, rename: Record<string, string>): string {
  return MESSAGES[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => `{{${rename[name] ?? name}}}`);
}

export function defaultMailText(kind: MailKind, locale: Locale): MailLocaleText {
  const d = DEFAULTS[kind];
  const rename = d.rename ?? {};
  const line = (l: Line) => (typeof l === 'string' ? asTemplate(locale, l, rename) : l.raw);
  return { subject: asTemplate(locale, d.subject, rename), body: d.body.map(line).join('\n') };
}
