import { createContext, useContext } from 'react';
import type { CurrentUser } from '../../../common/api-types';
import { type ConsoleAccess, isStaff, mayAccess } from '../../../common/console/staff';
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

/**
 * canSeeAdmin: a staff member (organiser, editor, reviewer); consoleOrganiser / consoleContent / consoleReview:
 * what their role opens in the console (the server checks each request); canJudge: a juror (the judging area only).
 */
export function accessFor(user: CurrentUser | null): AccessMap {
  const may = (access: ConsoleAccess) => Boolean(user && mayAccess(user.role, access));
  return {
    canSeeAdmin: Boolean(user && isStaff(user.role)),
    consoleOrganiser: may('organiser'),
    consoleContent: may('content'),
    consoleReview: may('review'),
    canJudge: Boolean(user && user.role === 'juror'),
    isLoggedIn: Boolean(user),
  };
}
