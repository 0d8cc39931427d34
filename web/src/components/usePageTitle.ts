import { useEffect } from 'react';
import { useSiteName } from './Logo';

/** Keeps document.title as "<page> - <site>" on client-side navigation (the server sets it on first load). */
export function usePageTitle(title: string | undefined): void {
  const site = useSiteName();
  useEffect(() => {
    if (title) document.title = `${title} - ${site}`;
  }, [title, site]);
}
