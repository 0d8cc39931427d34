import { useQuery } from '@tanstack/react-query';
import { ENTRY_FORM_PATH } from '../../../../common/entry-form/api';
import type { PublicEntryForm } from '../../../../common/entry-form/definitions';
import type { Locale } from '../../../../common/locales';
import type { MailLocaleText } from '../../../../common/mail-templates';
import type { Audience, NoticesState, ReminderSettings } from '../../../../common/notices';
import { adminGet, adminSend } from '../api';
import { adminKeys } from './keys';

/** While mails are still going out the page follows them; otherwise it reads once. */
const FOLLOW_MS = 3000;

export const useNotices = () =>
  useQuery({
    queryKey: adminKeys.notices,
    queryFn: ({ signal }) => adminGet<NoticesState>('/api/admin/notices', signal),
    refetchInterval: (q) => {
      const s = q.state.data;
      const busy = s && (s.announcements.some((a) => a.tally.pending > 0) || Object.values(s.reminderTally).some((t) => t.pending > 0));
      return busy ? FOLLOW_MS : false;
    },
  });

/** The entry groups an announcement can go to, from the entrants' own form (an editor may read it). */
export const useAudienceGroups = () =>
  useQuery({
    queryKey: [...adminKeys.notices, 'groups'],
    queryFn: ({ signal }) => adminGet<PublicEntryForm>(ENTRY_FORM_PATH, signal),
    select: (form) => form.groups.map((g) => ({ key: g.key, name: g.name })),
  });

export const saveReminders = (settings: ReminderSettings) => adminSend<NoticesState>('PUT', '/api/admin/notices/reminders', settings);

export const retryFailedMails = () => adminSend<{ reopened: number; state: NoticesState }>('POST', '/api/admin/notices/failures/retry');

export const sendAnnouncement = (audience: Audience, i18n: Record<Locale, MailLocaleText>) =>
  adminSend<{ id: number; queued: number }>('POST', '/api/admin/notices/announcements', { audience, i18n });
