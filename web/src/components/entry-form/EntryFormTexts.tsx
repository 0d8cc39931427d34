import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Locale } from '../../../../common/locales';
import { useLocale } from '../../i18n/use-locale';

type Texts = Record<string, string>;
const LOADERS: Record<Locale, () => Promise<{ default: Texts }>> = {
  'zh-CN': () => import('../../../../common/i18n/entry-form/zh-CN.json'),
  'zh-TW': () => import('../../../../common/i18n/entry-form/zh-TW.json'),
  'en-US': () => import('../../../../common/i18n/entry-form/en-US.json'),
};

/**
 * Adds the entry form's texts to those on screen, for the pages that show the organiser's questions or their
 * answers (the entry form, My entries): every other public page goes without them. `fallback` shows meanwhile.
 */
export function EntryFormTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const { data } = useQuery({
    queryKey: ['texts', 'entry-form', locale],
    queryFn: () => LOADERS[locale]().then((m) => m.default),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!data) return fallback;
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Texts), ...data }}>
      {children}
    </IntlProvider>
  );
}
