import { Navigate, Outlet, useLocation } from 'react-router';
import { canAccess } from '../../../common/routes';
import { useLocale } from '../i18n/use-locale';
import NotFoundPage from '../pages/errors/NotFoundPage';
import { useCurrentUser } from './current-user';

/**
 * Guards a route by its named access key. Signed-out visitors of a members-only page go to login and come
 * back afterwards; any other refusal shows the 404 page (a missing key means the route is inaccessible).
 */
export function RequireAccess({ accessKey }: { accessKey?: string }) {
  const { access } = useCurrentUser();
  const { link } = useLocale();
  const location = useLocation();
  if (canAccess(accessKey, access)) return <Outlet />;
  if (accessKey === 'isLoggedIn') {
    return <Navigate to={`${link('/login')}?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return <NotFoundPage />;
}
