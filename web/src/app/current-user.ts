import { createContext, useContext } from 'react';
import type { CurrentUser } from '../../../common/api-types';
import type { AccessMap } from '../../../common/routes';

/** The app's session state: the current user, a loading flag, an error and a way to fetch again. */
export type CurrentUserState = {
  currentUser: CurrentUser | null;
  loading: boolean;
  error: unknown;
  refresh: () => Promise<void>;
  access: AccessMap;
};

export const CurrentUserContext = createContext<CurrentUserState | null>(null);

export function useCurrentUser(): CurrentUserState {
  const value = useContext(CurrentUserContext);
  if (!value) throw new Error('useCurrentUser outside CurrentUserProvider');
  return value;
}

/** canSeeAdmin: a current user exists and has the admin role; canJudge: a juror (the judging area only). */
export function accessFor(user: CurrentUser | null): AccessMap {
  return { canSeeAdmin: Boolean(user && user.role === 'admin'), canJudge: Boolean(user && user.role === 'juror'), isLoggedIn: Boolean(user) };
}
