import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { CurrentUser } from '../../../common/api-types';
import { Code } from '../../../common/errors';
import { ApiError } from '../api/api-error';
import { accessToken, request, setSessionEndedListener } from '../api/request';
import { accessFor, CurrentUserContext } from './current-user';

const hasToken = (): boolean => Boolean(accessToken());

/**
 * Loads the current user at start-up. Until the first load ends the app shows an empty placeholder
 * (a failure is kept in state and ends loading); later refreshes keep the app on screen. Visitors without a token cost no request.
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const [currentUser, setCurrentUser] = useState<CurrentUser | null>(null);
  const [loading, setLoading] = useState(hasToken);
  const [firstLoadDone, setFirstLoadDone] = useState(!hasToken());
  const [error, setError] = useState<unknown>(null);

  const refresh = useCallback(async () => {
    if (!hasToken()) {
      setCurrentUser(null);
      setLoading(false);
      setFirstLoadDone(true);
      return;
    }
    setLoading(true);
    try {
      setCurrentUser(await request<CurrentUser>('/api/currentUser', { level: 'silent' }));
      setError(null);
    } catch (err) {
      setCurrentUser(null);
      // Not being signed in is a state, not an error.
      if (!(err instanceof ApiError && (err.code === Code.LoginRequired || err.code === Code.SessionExpired))) setError(err);
    } finally {
      setLoading(false);
      setFirstLoadDone(true);
    }
  }, []);

  useEffect(() => {
    if (hasToken()) void refresh();
  }, [refresh]);

  useEffect(() => {
    setSessionEndedListener(() => setCurrentUser(null));
    return () => setSessionEndedListener(() => undefined);
  }, []);

  const value = useMemo(() => ({ currentUser, loading, error, refresh, access: accessFor(currentUser) }), [currentUser, loading, error, refresh]);
  if (!firstLoadDone) return <div className="app-placeholder" aria-busy="true" />;
  return <CurrentUserContext.Provider value={value}>{children}</CurrentUserContext.Provider>;
}
