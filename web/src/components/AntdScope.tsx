import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { type ReactNode, useMemo } from 'react';
import type { Locale } from '../../../common/locales';
import { useLocale } from '../i18n/use-locale';
import { publicTheme } from '../theme';

const ANTD_LOCALES: Record<Locale, typeof zhCN> = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS };

/**
 * antd's theme and locale (the pagers' own texts, such as "Go to", come from it). Wraps only the parts of a
 * page that use antd, so the public shell stays light. The public theme makes antd's controls match the site's own.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  const theme = useMemo(() => publicTheme(locale), [locale]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} theme={theme}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
