import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogQuery, AuditPage } from '../../../../common/console/audit';
import { qs } from '../../api/query-string';
import { adminGet, downloadCsv } from '../api';
import { CONSOLE_PAGE_SIZE } from '../table-pagination';
import { adminKeys } from './keys';

export type AuditFilter = Omit<AuditLogQuery, 'pageSize'>;

export const useAuditLog = (filter: AuditFilter) =>
  useQuery({
    queryKey: [...adminKeys.audit, filter],
    queryFn: ({ signal }) => adminGet<AuditPage>(`/api/admin/audit${qs({ ...filter, pageSize: CONSOLE_PAGE_SIZE })}`, signal),
    placeholderData: keepPreviousData,
  });

/** Every line the filter (without its page) finds, as CSV. */
export const downloadAuditCsv = (filter: Omit<AuditFilter, 'page'>) => downloadCsv(`/api/admin/exports/audit.csv${qs(filter)}`, 'audit.csv');
