import { MAIL_ATTEMPTS_MAX } from '../../../../common/notices';

/**
 * The retry rule of the background mails (results, reminders, announcements): a send the server refused is
 * tried again once its claim is this old, so the other mails go first; after MAIL_ATTEMPTS_MAX tries the mail
 * is marked failed and listed in the console with the server's answer, never tried again.
 */
export const MAIL_RETRY_AFTER_MS = 10 * 60_000;

export function givenUp(attempts: number): boolean {
  return attempts >= MAIL_ATTEMPTS_MAX;
}

/** The server's answer (or the error's message), short enough for a list. */
export function mailErrorText(err: unknown): string {
  const e = err as { response?: unknown; message?: unknown };
  const text = typeof e?.response === 'string' ? e.response : typeof e?.message === 'string' ? e.message : String(err);
  return text.slice(0, 500);
}
