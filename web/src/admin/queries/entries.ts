import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../../common/api-types';
import type { AdminEntryDetail, AdminEntrySummary, BulkResult } from '../../../../common/console/api-types';
import type { EntryFileInfo } from '../../../../common/console/uploads';
import type { MediaStatus } from '../../../../common/media';
import { qs } from '../../api/query-string';
import { filmPollInterval } from '../../components/media/media-status';
import { adminGet, adminSend, downloadCsv } from '../api';
import { adminKeys } from './keys';

export type EntryFilters = { status?: string; group?: string; q?: string; page: number; pageSize: number };

export const useEntries = (filters: EntryFilters) =>
  useQuery({
    queryKey: [...adminKeys.entries, filters],
    queryFn: ({ signal }) => adminGet<Paged<AdminEntrySummary>>(`/api/admin/entries${qs({ ...filters })}`, signal),
    placeholderData: keepPreviousData,
  });

export const useEntry = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.entry(id ?? 0),
    queryFn: ({ signal }) => adminGet<AdminEntryDetail>(`/api/admin/entries/${id}`, signal),
    enabled: id !== null,
    // While the film waits or is processed, its state and then its player appear without reopening.
    refetchInterval: (q) => filmPollInterval(q.state.data?.film.status),
  });

export const useEntryFiles = (id: number | null) =>
  useQuery({
    queryKey: [...adminKeys.entry(id ?? 0), 'files'],
    queryFn: ({ signal }) => adminGet<EntryFileInfo[]>(`/api/admin/entries/${id}/files`, signal),
    enabled: id !== null,
  });

export const approveEntry = (id: number) => adminSend<AdminEntryDetail>('POST', `/api/admin/entries/${id}/approve`);
export const rejectEntry = (id: number, reason: string) => adminSend<{ mailed: boolean }>('POST', `/api/admin/entries/${id}/reject`, { reason });
export const requestEntryChanges = (id: number, note: string) => adminSend<{ mailed: boolean }>('POST', `/api/admin/entries/${id}/request-changes`, { note });
export const setEntryAward = (id: number, award: string | null) => adminSend('POST', `/api/admin/entries/${id}/award`, { award });
/** Runs the film pipeline again for the entry (the organiser's re-run after a failure). */
export const rerunTranscode = (id: number) => adminSend<MediaStatus>('POST', `/api/media/entries/${id}/transcode`);
export const bulkEntries = (body: Record<string, unknown> & { ids: number[] }) => adminSend<BulkResult>('POST', '/api/admin/entries/bulk', body);
/** The entries the filters show (status, group, search), as CSV. */
export const downloadEntriesCsv = (filters: Pick<EntryFilters, 'status' | 'group' | 'q'>) =>
  downloadCsv(`/api/admin/exports/entries.csv${qs(filters)}`, `entries-${new Date().toISOString().slice(0, 10)}.csv`);
