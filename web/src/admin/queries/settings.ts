import { useQuery } from '@tanstack/react-query';
import type { ConsoleSettings, ConsoleSettingsView } from '../../../../common/console/schemas';
import type { AdminIdentity } from '../../../../common/schemas/identity';
import { adminGet, adminSend } from '../api';
import { adminKeys } from './keys';

export const useSettings = () =>
  useQuery({ queryKey: adminKeys.settings, queryFn: ({ signal }) => adminGet<ConsoleSettingsView>('/api/admin/settings', signal) });
export const saveSettings = (settings: ConsoleSettings) => adminSend('PUT', '/api/admin/settings', settings);

/** Who runs the contest (name, organiser, hero, footer, contact, social accounts, filing numbers). */
export const useIdentity = () => useQuery({ queryKey: adminKeys.identity, queryFn: ({ signal }) => adminGet<AdminIdentity>('/api/admin/identity', signal) });
export const saveIdentity = (identity: object) => adminSend<AdminIdentity>('PUT', '/api/admin/identity', identity);
