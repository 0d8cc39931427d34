import { type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { isRtl, type Locale } from '../../../common/locales';
import { RenderedLocaleContext } from '../app/server-html';
import { setActiveLocale } from './active-locale';
import { detectLocale, localeFromPath, storeLocale, switchPathLocale } from './detect-locale';
import { loadedMessages, loadMessages, setCurrentMessages } from './messages';
import { LocaleContext } from './use-locale';

/** Owns the active locale: follows the URL prefix, falls back to stored/browser choice, switches in place. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const prefix = localeFromPath(location.pathname);
  const rendered = useContext(RenderedLocaleContext);
  const [chosen, setChosen] = useState<Locale>(() => rendered ?? detectLocale(location.pathname));
  const locale = prefix ?? chosen;
  setActiveLocale(locale);
  // The texts on screen: the previous language stays until the next one has arrived (switch in place).
  // main.tsx waits for the first set before rendering, so the first render already has them.
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Record<string, string> } | null>(() => {
    const messages = loadedMessages(locale);
    if (!messages) return null;
    setCurrentMessages(messages);
    return { locale, messages };
  });

  useEffect(() => {
    let live = true;
    loadMessages(locale).then(
      (messages) => {
        if (!live) return;
        setCurrentMessages(messages);
        // Same set as the first render took: keep the state object, so nothing renders again.
        setLoaded((prev) => (prev?.locale === locale && prev.messages === messages ? prev : { locale, messages }));
      },
      () => {
        // Offline or a failed chunk: keep what is on screen; the next navigation retries.
      },
    );
    return () => {
      live = false;
    };
  }, [locale]);

  const shown = loaded?.locale;
  useEffect(() => {
    if (!shown) return;
    document.documentElement.lang = shown;
    document.documentElement.dir = isRtl(shown) ? 'rtl' : 'ltr';
  }, [shown]);

  const setLocale = useCallback(
    (next: Locale) => {
      storeLocale(next);
      setChosen(next);
      const target = switchPathLocale(location.pathname, next);
      if (target !== location.pathname) navigate(`${target}${location.search}${location.hash}`, { replace: true });
    },
    [location, navigate],
  );

  const link = useCallback((path: string) => (prefix ? `/${prefix}${path}` : path), [prefix]);
  const value = useMemo(() => ({ locale, setLocale, link }), [locale, setLocale, link]);

  if (!loaded) return <div className="app-placeholder" aria-busy="true" />;
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={loaded.locale} messages={loaded.messages} defaultLocale="zh-CN">
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
