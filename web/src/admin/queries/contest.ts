import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '../../../../common/console/api-types';
import type { PhasesAnswer } from '../../../../common/console/phases';
import type { SetupChecklist } from '../../../../common/console/setup-checklist';
import { adminGet, adminSend } from '../api';
import { adminKeys } from './keys';

export const useDashboard = () =>
  useQuery({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => adminGet<DashboardStats>('/api/admin/dashboard', signal) });

/** The checklist answer, shared by the dashboard card and the phase editor's confirmation. */
export const useSetupChecklist = () =>
  useQuery({ queryKey: adminKeys.setupChecklist, queryFn: ({ signal }) => adminGet<SetupChecklist>('/api/admin/setup-checklist', signal) });

export const usePhases = () => useQuery({ queryKey: adminKeys.phases, queryFn: ({ signal }) => adminGet<PhasesAnswer>('/api/admin/phases', signal) });
/** Saves (PUT with start and end) or clears (DELETE) one phase; the answer is every phase again. */
export const savePhase = (phase: string, method: 'PUT' | 'DELETE', body?: object) => adminSend<PhasesAnswer>(method, `/api/admin/phases/${phase}`, body);
