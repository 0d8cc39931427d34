import { useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../../common/locales';
import type { AdminMailTemplate, MailKind, MailLocaleText, MailPreview } from '../../../../common/mail-templates';
import { adminGet, adminSend } from '../api';
import { adminKeys } from './keys';

/** The text of one locale's tab, as the preview and the test send take it. */
export type MailDraft = MailLocaleText & { locale: Locale };

export const useMailTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.mailTemplates,
    queryFn: ({ signal }) => adminGet<AdminMailTemplate[]>('/api/admin/mail-templates', signal),
    enabled,
  });
export const useMailTemplate = (kind: MailKind) =>
  useQuery({
    queryKey: [...adminKeys.mailTemplates, kind],
    queryFn: ({ signal }) => adminGet<AdminMailTemplate>(`/api/admin/mail-templates/${kind}`, signal),
  });

export const saveMailTemplate = (kind: MailKind, body: { i18n: Record<Locale, MailLocaleText> }) =>
  adminSend<AdminMailTemplate>('PUT', `/api/admin/mail-templates/${kind}`, body);
export const previewMail = (kind: MailKind, draft: MailDraft) => adminSend<MailPreview>('POST', `/api/admin/mail-templates/${kind}/preview`, draft);
export const sendTestMail = (kind: MailKind, draft: MailDraft) => adminSend<{ to: string }>('POST', `/api/admin/mail-templates/${kind}/test`, draft);
/** Back to the defaults: the organiser's texts are dropped. */
export const resetMailTemplate = (kind: MailKind) => adminSend<AdminMailTemplate>('DELETE', `/api/admin/mail-templates/${kind}`);
