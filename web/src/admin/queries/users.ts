import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../../common/api-types';
import type { ErasureRecord } from '../../../../common/privacy';
import { qs } from '../../api/query-string';
import { adminGet } from '../api';
import { CONSOLE_PAGE_SIZE } from '../table-pagination';
import { adminKeys } from './keys';

export const useErasures = (page: number) =>
  useQuery({
    queryKey: [...adminKeys.erasures, page],
    queryFn: ({ signal }) => adminGet<Paged<ErasureRecord>>(`/api/admin/erasures${qs({ page, pageSize: CONSOLE_PAGE_SIZE })}`, signal),
    placeholderData: keepPreviousData,
  });
