import { useQuery } from '@tanstack/react-query';
import type { JuryMember } from '../../../../common/api-types';
import type { EntryGroup } from '../../../../common/constants';
import type { Award, Criterion, JurorSummary, Ranking, ResultsState } from '../../../../common/jury/api-types';
import type { AwardInput, CriterionInput, JurySettings } from '../../../../common/jury/schemas';
import { qs } from '../../api/query-string';
import { adminGet, adminSend, downloadCsv } from '../api';
import { adminKeys } from './keys';

const keys = adminKeys.jury;

export const useAwards = () => useQuery({ queryKey: keys.awards, queryFn: ({ signal }) => adminGet<Award[]>('/api/admin/jury/awards', signal) });
export const useCriteria = () => useQuery({ queryKey: keys.criteria, queryFn: ({ signal }) => adminGet<Criterion[]>('/api/admin/jury/criteria', signal) });
export const useJurySettings = () => useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => adminGet<JurySettings>('/api/admin/jury/settings', signal) });
export const useJurors = () => useQuery({ queryKey: keys.jurors, queryFn: ({ signal }) => adminGet<JurorSummary[]>('/api/admin/jury/jurors', signal) });
/** The public jury list: a juror's account may be linked to the member shown on the site. */
export const useJuryMembers = () => useQuery({ queryKey: keys.members, queryFn: ({ signal }) => adminGet<JuryMember[]>('/api/jury', signal) });

export const useRanking = (group: EntryGroup) =>
  useQuery({ queryKey: [...keys.ranking, group], queryFn: ({ signal }) => adminGet<Ranking>(`/api/admin/jury/ranking${qs({ group })}`, signal) });

/** While results mails go out (in the background), the state is read again every `followMs`. */
export const useResultsState = (followMs: number) =>
  useQuery({
    queryKey: keys.results,
    queryFn: ({ signal }) => adminGet<ResultsState>('/api/admin/jury/results', signal),
    refetchInterval: (q) => ((q.state.data?.toMail ?? 0) > 0 ? followMs : false),
  });

export const addAward = (award: AwardInput) => adminSend<Award[]>('POST', '/api/admin/jury/awards', award);
export const deleteAward = (id: number) => adminSend<Award[]>('DELETE', `/api/admin/jury/awards/${id}`);
export const addCriterion = (criterion: CriterionInput) => adminSend<Criterion[]>('POST', '/api/admin/jury/criteria', criterion);
export const deleteCriterion = (id: number) => adminSend<Criterion[]>('DELETE', `/api/admin/jury/criteria/${id}`);
export const saveJurySettings = (settings: JurySettings) => adminSend<JurySettings>('PUT', '/api/admin/jury/settings', settings);
export const inviteJuror = (invite: object) => adminSend<JurorSummary[]>('POST', '/api/admin/jury/jurors', invite);
export const awardEntry = (entryId: number, awardId: number | null) => adminSend('PUT', `/api/admin/jury/entries/${entryId}/award`, { awardId });
export const setResultsPublished = (action: 'publish' | 'unpublish') => adminSend<ResultsState>('POST', `/api/admin/jury/results/${action}`);
export const downloadScoresCsv = () => downloadCsv('/api/admin/jury/exports/scores.csv', 'jury-scores.csv');
export const downloadRankingCsv = () => downloadCsv('/api/admin/jury/exports/ranking.csv', 'ranking.csv');
