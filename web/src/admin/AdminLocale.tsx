import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { MESSAGES } from '../../../common/i18n/index';
import type { Locale } from '../../../common/locales';
import { setActiveLocale } from '../i18n/active-locale';
import { detectLocale, storeLocale } from '../i18n/detect-locale';
import { setCurrentMessages } from '../i18n/messages';
import { theme } from '../theme';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS } as const;

type AdminLocaleValue = { locale: Locale; setLocale: (l: Locale) => void };
const AdminLocaleContext = createContext<AdminLocaleValue>({ locale: 'zh-CN', setLocale: () => {} });

export function useAdminLocale(): AdminLocaleValue {
  return useContext(AdminLocaleContext);
}

/** The console's language: the same stored choice and messages as the public site, switched in place. */
export function AdminLocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setChosen] = useState<Locale>(() => detectLocale('/'));
  setActiveLocale(locale);
  // The request layer's own texts (expired session, request errors) come from the on-screen set.
  setCurrentMessages(MESSAGES[locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = MESSAGES[locale]['console.title'];
  }, [locale]);
  const value = useMemo(
    () => ({
      locale,
      setLocale: (l: Locale) => {
        storeLocale(l);
        setChosen(l);
      },
    }),
    [locale],
  );
  return (
    <AdminLocaleContext.Provider value={value}>
      <IntlProvider locale={locale} messages={MESSAGES[locale]} defaultLocale="zh-CN">
        <ConfigProvider theme={theme} locale={ANTD_LOCALES[locale]} componentSize="middle">
          {children}
        </ConfigProvider>
      </IntlProvider>
    </AdminLocaleContext.Provider>
  );
}
