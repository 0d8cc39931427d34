import { useQuery } from '@tanstack/react-query';
import { ENTRY_FORM_PATH } from '../../../../../common/entry-form/api';
import type { PublicEntryForm, PublicField } from '../../../../../common/entry-form/definitions';
import { request } from '../../../api/request';
import { useLocale } from '../../../i18n/use-locale';

/** The organiser's groups and questions in the page's locale (`GET /api/entry-form`). */
export function useEntryFormDefinition() {
  const { locale } = useLocale();
  return useQuery({
    queryKey: ['entry-form', locale],
    queryFn: ({ signal }) => request<PublicEntryForm>(ENTRY_FORM_PATH, { signal, level: 'notification' }),
    staleTime: 60_000,
  });
}

/** The questions an entrant of `group` answers: the contest's and the group's own, in the organiser's order. */
export const fieldsFor = (form: PublicEntryForm | undefined, group: string | undefined): PublicField[] =>
  (form?.fields ?? []).filter((f) => f.groupKey === null || f.groupKey === group);
