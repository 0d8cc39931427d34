import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { setRequestNavigator } from '../api/request';
import { LocaleProvider } from '../i18n/LocaleProvider';
import { CurrentUserProvider } from './CurrentUserProvider';
import { markAppStarted } from './server-html';

/** Root route: locale from the URL, the current user, and the bridge that lets the request layer navigate. */
export function AppRoot() {
  const navigate = useNavigate();
  useEffect(() => setRequestNavigator((path) => navigate(path)), [navigate]);
  useEffect(markAppStarted, []);
  return (
    <LocaleProvider>
      <CurrentUserProvider>
        <Outlet />
        <ScrollRestoration />
      </CurrentUserProvider>
    </LocaleProvider>
  );
}
