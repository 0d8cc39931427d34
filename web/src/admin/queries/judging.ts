import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../common/api-types';
import type { JudgingState, JuryEntryDetail, JuryEntrySummary } from '../../../../common/jury/api-types';
import { request } from '../../api/request';
import { adminGet, adminSend } from '../api';
import { judgingKeys } from './keys';

export const useJudgingState = () => useQuery({ queryKey: judgingKeys.state, queryFn: ({ signal }) => adminGet<JudgingState>('/api/jury/judging', signal) });
export const useJudgingEntries = () =>
  useQuery({ queryKey: judgingKeys.entries, queryFn: ({ signal }) => adminGet<JuryEntrySummary[]>('/api/jury/judging/entries', signal) });
export const useJudgingEntry = (id: number) =>
  useQuery({ queryKey: judgingKeys.entry(id), queryFn: ({ signal }) => adminGet<JuryEntryDetail>(`/api/jury/judging/entries/${id}`, signal) });

export type ScoreSheetValues = { scores: Record<string, number>; comment: string };
export const saveScoreSheet = (entryId: number, values: ScoreSheetValues) =>
  adminSend<JuryEntryDetail>('PUT', `/api/jury/judging/entries/${entryId}/sheet`, values);
export const setRecusal = (entryId: number, recused: boolean) => adminSend<JuryEntryDetail>('PUT', `/api/jury/judging/entries/${entryId}/recusal`, { recused });

/** Whose invitation the link carries; a spent or unknown link is the page's own message, not a toast. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: judgingKeys.invitation(token),
    queryFn: () => request<{ email: string }>(`/api/jury/invitation?token=${encodeURIComponent(token)}`, { level: 'silent' }),
    retry: false,
  });
/** Sets the juror's password; the answer signs them in (no token when the account was disabled meanwhile). */
export const acceptInvitation = (body: { token: string; password: string; confirmPassword: string }) =>
  request<{ token: string | null; user: CurrentUser }>('/api/jury/invitation', { method: 'POST', body, level: 'error' });
