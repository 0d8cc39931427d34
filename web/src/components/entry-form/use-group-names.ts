import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ENTRY_FORM_PATH } from '../../../../common/entry-form/api';
import type { PublicEntryForm, PublicGroup } from '../../../../common/entry-form/definitions';
import { publicRead } from '../../api/public-read';

/**
 * The organiser's groups in the page's language (the public `GET /api/entry-form`, which the site, the console and
 * jurors may all read), and a namer: an entry's group key as its name. Until the names arrive, the two default
 * groups read as their built-in names, and a group the organiser added as its key.
 */
export function useGroupNames(): { groups: PublicGroup[]; nameOf: (key: string) => string } {
  const intl = useIntl();
  const { data } = useQuery({
    queryKey: ['entry-form', intl.locale],
    ...publicRead<PublicEntryForm>(ENTRY_FORM_PATH, 'silent'),
    staleTime: 60_000,
  });
  const groups = data?.groups ?? [];
  const builtIn = (key: string) => (intl.messages[`group.${key}`] ? intl.formatMessage({ id: `group.${key}` }) : key);
  return { groups, nameOf: (key) => groups.find((g) => g.key === key)?.name ?? builtIn(key) };
}
