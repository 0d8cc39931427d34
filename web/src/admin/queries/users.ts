import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../../common/api-types';
import type { AdminUser } from '../../../../common/console/api-types';
import type { AssignableRole } from '../../../../common/console/staff';
import type { ErasureRecord } from '../../../../common/privacy';
import { qs } from '../../api/query-string';
import { adminGet, adminSend } from '../api';
import { CONSOLE_PAGE_SIZE } from '../table-pagination';
import { adminKeys } from './keys';

export const useUsers = (q: string | undefined, page: number) =>
  useQuery({
    queryKey: [...adminKeys.users, q, page],
    queryFn: ({ signal }) => adminGet<Paged<AdminUser>>(`/api/admin/users${qs({ q, page, pageSize: CONSOLE_PAGE_SIZE })}`, signal),
    placeholderData: keepPreviousData,
  });

/** Disabling ends the account's sessions. */
export const setUserDisabled = (id: number, disabled: boolean) => adminSend('POST', `/api/admin/users/${id}/disable`, { disabled });
export const setUserRole = (id: number, role: AssignableRole) => adminSend('POST', `/api/admin/users/${id}/role`, { role });
/** `email` is the typed confirmation; the server checks it against the account. */
export const eraseUser = (id: number, email: string) => adminSend('POST', `/api/admin/users/${id}/erase`, { email });

export const useErasures = (page: number) =>
  useQuery({
    queryKey: [...adminKeys.erasures, page],
    queryFn: ({ signal }) => adminGet<Paged<ErasureRecord>>(`/api/admin/erasures${qs({ page, pageSize: CONSOLE_PAGE_SIZE })}`, signal),
    placeholderData: keepPreviousData,
  });
