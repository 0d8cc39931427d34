import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../../common/api-types';
import { qs } from '../../api/query-string';
import { adminGet, adminSend, downloadCsv } from '../api';
import { CONSOLE_PAGE_SIZE } from '../table-pagination';
import { adminKeys } from './keys';

export type InboxKind = 'contact' | 'scamReport';
export type InboxItem = Record<string, string | number | null> & { id: number; handledAt: string | null; reply: string | null; createdAt: string };
/** '' = both, handled or not. */
export type HandledFilter = 'false' | 'true' | '';

export const useInbox = (kind: InboxKind, handled: HandledFilter, page: number) =>
  useQuery({
    queryKey: [...adminKeys.inbox, kind, handled, page],
    queryFn: ({ signal }) => adminGet<Paged<InboxItem>>(`/api/admin/inbox/${kind}${qs({ handled, page, pageSize: CONSOLE_PAGE_SIZE })}`, signal),
    placeholderData: keepPreviousData,
  });

export const markHandled = (kind: InboxKind, id: number, handled: boolean) => adminSend('POST', `/api/admin/inbox/${kind}/${id}/handled`, { handled });
export const replyToContact = (id: number, reply: string) => adminSend('POST', `/api/admin/inbox/contact/${id}/reply`, { reply });
export const downloadContactsCsv = () => downloadCsv('/api/admin/exports/contacts.csv', 'contacts.csv');
