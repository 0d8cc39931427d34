import { createContext, useContext } from 'react';
import type { Locale } from '../../../common/locales';

export type LocaleState = {
  locale: Locale;
  /** Re-renders in place and moves the URL to the new prefix when there is one. */
  setLocale: (locale: Locale) => void;
  /** Builds an in-app link that keeps the current /{lang} prefix, if the URL has one. */
  link: (path: string) => string;
};

export const LocaleContext = createContext<LocaleState | null>(null);

export function useLocale(): LocaleState {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale outside LocaleProvider');
  return value;
}
