import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** Keeps document.title as "<page> - <site>" on client-side navigation (the server sets it on first load). */
export function usePageTitle(title: string | undefined): void {
  const intl = useIntl();
  const site = intl.formatMessage({ id: 'site.name' });
  useEffect(() => {
    if (title) document.title = `${title} - ${site}`;
  }, [title, site]);
}
