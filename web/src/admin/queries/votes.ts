import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../../common/api-types';
import type { ChainHead, FraudIndex } from '../../../../common/vote-check';
import type { VoteRule } from '../../../../common/vote-review';
import { qs } from '../../api/query-string';
import { adminGet, adminSend, downloadCsv } from '../api';
import { adminKeys } from './keys';

/** The audit log is read in longer pages than the other lists (the table pages by it too). */
export const AUDIT_PAGE_SIZE = 50;

export type VoteTotal = { id: number; entryNo: number | null; title: string; count: number; voteRows: number; voided: number };
export type VoteAuditRow = { id: number; entryId: number; voterKey: string; ip: string; outcome: string; createdAt: string };
export type VoteAuditFilter = { ip?: string; entryId?: number; page: number };
export type SuspiciousVotes = {
  addresses: { ip: string; votes: number; voters: number; firstAt: string; lastAt: string }[];
  rapid: { ip: string; voteIds: number[]; firstAt: string; lastAt: string }[];
};
export type TimelinePoint = { at: string; total: number; suspicious: number; voided: number };
export type Timeline = { bucket: 'minute' | 'hour' | 'day'; suspiciousRisk: number; points: TimelinePoint[] };
export type ReviewAction = {
  id: number;
  kind: 'void' | 'restore';
  entryId: number;
  rule: Partial<VoteRule> & { actionId?: number };
  reason: string;
  count: number;
  admin: string | null;
  createdAt: string;
};
export type ReviewResult = { actionId: number; count: number; entryCount: number };
export type TransparencyState = { published: boolean; votingClosed: boolean; chain: ChainHead };

export const useVoteTotals = () =>
  useQuery({ queryKey: [...adminKeys.votes, 'totals'], queryFn: ({ signal }) => adminGet<VoteTotal[]>('/api/admin/votes/totals', signal) });

export const useVoteAudit = (filter: VoteAuditFilter) =>
  useQuery({
    queryKey: [...adminKeys.votes, 'audit', filter],
    queryFn: ({ signal }) => adminGet<Paged<VoteAuditRow>>(`/api/admin/votes/audit${qs({ ...filter, pageSize: AUDIT_PAGE_SIZE })}`, signal),
    placeholderData: keepPreviousData,
  });

export const useSuspiciousVotes = () =>
  useQuery({ queryKey: [...adminKeys.votes, 'suspicious'], queryFn: ({ signal }) => adminGet<SuspiciousVotes>('/api/admin/votes/suspicious', signal) });

export const useVoteTimeline = (entryId: number | undefined) =>
  useQuery({
    queryKey: [...adminKeys.votes, 'timeline', entryId],
    queryFn: ({ signal }) => adminGet<Timeline>(`/api/admin/votes/timeline${qs({ entryId })}`, signal),
    enabled: entryId !== undefined,
  });

export const useReviewActions = (entryId: number | undefined) =>
  useQuery({
    queryKey: [...adminKeys.votes, 'actions', entryId],
    queryFn: ({ signal }) => adminGet<ReviewAction[]>(`/api/admin/votes/actions${qs({ entryId })}`, signal),
    enabled: entryId !== undefined,
  });

export const useVoteTransparency = () =>
  useQuery({ queryKey: adminKeys.voteTransparency, queryFn: ({ signal }) => adminGet<TransparencyState>('/api/admin/votes/transparency', signal) });

export const useFraudIndex = () =>
  useQuery({ queryKey: [...adminKeys.votes, 'fraud-index'], queryFn: ({ signal }) => adminGet<FraudIndex[]>('/api/admin/votes/fraud-index', signal) });

export const voidVote = (voteId: number, reason: string) => adminSend<{ count: number }>('POST', `/api/admin/votes/${voteId}/void`, { reason });
export const previewVoteRule = (rule: Partial<VoteRule>) => adminSend<{ count: number }>('POST', '/api/admin/votes/rule/preview', { rule });
export const voidByRule = (rule: Partial<VoteRule>, reason: string) => adminSend<ReviewResult>('POST', '/api/admin/votes/rule/void', { rule, reason });
export const restoreReviewAction = (actionId: number, reason: string) => adminSend<ReviewResult>('POST', '/api/admin/votes/restore', { actionId, reason });
export const publishTransparency = (published: boolean) => adminSend<TransparencyState>('PUT', '/api/admin/votes/transparency', { published });
export const downloadVotesCsv = (filter: Pick<VoteAuditFilter, 'ip' | 'entryId'>) =>
  downloadCsv(`/api/admin/exports/votes.csv${qs({ ip: filter.ip, entryId: filter.entryId })}`, 'votes.csv');
