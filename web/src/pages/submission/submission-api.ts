import { useQuery } from '@tanstack/react-query';
import type { MyEntry, MyEntryDetail, SubmissionInfo } from '../../../../common/schemas/entry';
import { request } from '../../api/request';
import { useLocale } from '../../i18n/use-locale';

/** Query hooks of the submission area (signed-in only). */
export function useSubmissionInfo(enabled: boolean) {
  return useQuery({
    queryKey: ['submission-info'],
    queryFn: ({ signal }) => request<SubmissionInfo>('/api/submission/info', { signal, level: 'notification' }),
    enabled,
  });
}

export function useMyEntries(enabled: boolean) {
  const { locale } = useLocale();
  return useQuery({
    queryKey: ['my-entries', locale],
    queryFn: ({ signal }) => request<MyEntry[]>('/api/entries/mine', { signal, level: 'notification' }),
    enabled,
  });
}

export function useMyEntry(id: number | null) {
  return useQuery({
    queryKey: ['my-entry', id],
    queryFn: ({ signal }) => request<MyEntryDetail>(`/api/entries/mine/${id}`, { signal, level: 'error' }),
    enabled: id !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
