import type { Locale } from './locales';
import type { MailLocaleText } from './mail-templates';

/**
 * Reminders and announcements: the organiser's notices mailed in the background. A reminder goes out a set
 * number of hours before a phase ends to the people it concerns; an announcement once, to an audience.
 */
export const REMINDER_KINDS = ['submissionClosing', 'jurorUnscored'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export type ReminderSetting = { enabled: boolean; hours: number };
export type ReminderSettings = Record<ReminderKind, ReminderSetting>;
export const REMINDER_HOURS_MAX = 24 * 14;

/** Who an announcement goes to: every entrant, the entrants of one group, of an approved entry, or the jurors. */
export const AUDIENCE_KINDS = ['entrants', 'group', 'approved', 'jurors'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];
export type Audience = { kind: AudienceKind; group?: string };

/** How many times a refused address is tried before its mail is marked failed. */
export const MAIL_ATTEMPTS_MAX = 3;

export type MailTally = { sent: number; failed: number; pending: number };

export type AnnouncementSummary = {
  id: number;
  audience: Audience;
  subject: string;
  createdAt: string;
  tally: MailTally;
};

/** A mail given up on after its tries: which notice, to whom, the server's last answer. */
export type MailFailure = {
  notice: string;
  email: string;
  attempts: number;
  error: string;
  failedAt: string;
};

export type NoticesState = {
  reminders: ReminderSettings;
  reminderTally: Record<ReminderKind, MailTally>;
  announcements: AnnouncementSummary[];
  failures: MailFailure[];
};

export type AnnouncementTexts = Record<Locale, MailLocaleText>;
