import { Navigate, type RouteObject } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../common/constants';
import { SUPPORTED_LOCALES } from '../../common/locales';
import { PAGE_ROUTES, type PageRoute } from '../../common/routes';
import { AppRoot } from './app/AppRoot';
import { RequireAccess } from './app/RequireAccess';
import { SiteLayout } from './layouts/SiteLayout';
import { RouteErrorPage } from './pages/errors/RouteErrorPage';

type PageModule = { default: React.ComponentType };
type Loader = () => Promise<PageModule>;

/** Page components, each its own chunk loaded on demand from /dist/. */
const PAGES: Record<string, Loader> = {
  home: () => import('./pages/home/HomePage'),
  eventDetails: () => import('./pages/details/EventDetailsPage'),
  submitWorks: () => import('./pages/submission/SubmitWorksPage'),
  events: () => import('./pages/news/NewsListPage'),
  'events/:id': () => import('./pages/news/NewsItemPage'),
  professionalJury: () => import('./pages/jury/JuryPage'),
  gallery: () => import('./pages/gallery/GalleryListPage'),
  'gallery/:id': () => import('./pages/gallery/GalleryDetailPage'),
  exhibition: () => import('./pages/exhibition/ExhibitionListPage'),
  'exhibition/:id': () => import('./pages/exhibition/ExhibitionDetailPage'),
  specialThanks: () => import('./pages/thanks/SpecialThanksPage'),
  contactUs: () => import('./pages/contact/ContactUsPage'),
  results: () => import('./pages/results/ResultsPage'),
  aboutUs: () => import('./pages/about/AboutUsPage'),
  privacy: () => import('./pages/privacy/PrivacyPage'),
  voteReceipt: () => import('./pages/votes/VoteReceiptPage'),
  transparency: () => import('./pages/votes/TransparencyPage'),
  activateLogin: () => import('./pages/accounts/ActivateLoginPage'),
  activateFaild: () => import('./pages/accounts/ActivateFailedPage'),
  resetPassword: () => import('./pages/accounts/ResetPasswordPage'),
  login: () => import('./pages/accounts/LoginPage'),
  register: () => import('./pages/accounts/RegisterPage'),
  forgotPassword: () => import('./pages/accounts/ForgotPasswordPage'),
  account: () => import('./pages/accounts/AccountPage'),
  share: () => import('./pages/gallery/SharePage'),
  '500': () => import('./pages/errors/ServerErrorPage'),
  '404': () => import('./pages/errors/NotFoundPage'),
};

/** Routes that share a layout route (exhibition list + detail under one layout; gallery likewise). */
const SECTION_LAYOUTS: Record<string, () => Promise<PageModule>> = {
  exhibition: () => import('./layouts/ExhibitionLayout'),
  gallery: () => import('./layouts/GalleryLayout'),
};

/** A page chunk that has not arrived after 120 s counts as failed, so the error page can offer a retry. */
function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Page chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function lazyPage(load: Loader) {
  return async () => ({ Component: (await withTimeout(load())).default });
}

/** A route guarded by its access key gets RequireAccess as a pathless parent. */
function guarded(route: PageRoute, object: RouteObject): RouteObject {
  return route.access ? { element: <RequireAccess accessKey={route.access} />, children: [object] } : object;
}

function pageRoutes(prefixed: boolean): RouteObject[] {
  const routes = PAGE_ROUTES.filter((r) => !prefixed || r.localized !== false);
  const out: RouteObject[] = [];
  const sections = new Map<string, RouteObject[]>();
  for (const route of routes) {
    const load = PAGES[route.path];
    if (!load) throw new Error(`No page for route ${route.path}`);
    const [head, ...rest] = route.path.split('/');
    if (head && SECTION_LAYOUTS[head]) {
      const children = sections.get(head) ?? [];
      children.push(guarded(route, rest.length ? { path: rest.join('/'), lazy: lazyPage(load) } : { index: true, lazy: lazyPage(load) }));
      sections.set(head, children);
      continue;
    }
    out.push(guarded(route, { path: route.path, lazy: lazyPage(load) }));
  }
  for (const [head, children] of sections) {
    const loadLayout = SECTION_LAYOUTS[head] as () => Promise<PageModule>;
    out.push({ path: head, lazy: async () => ({ Component: (await loadLayout()).default }), children });
  }
  out.push({ path: '*', lazy: async () => ({ Component: (await PAGES['404']?.())?.default }) });
  return out;
}

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div className="app-placeholder" />,
    children: [
      { path: '/', element: <SiteLayout />, children: [{ index: true, element: <Navigate to="/home" replace /> }, ...pageRoutes(false)] },
      ...SUPPORTED_LOCALES.map((locale) => ({
        path: `/${locale}`,
        element: <SiteLayout />,
        children: [{ index: true, element: <Navigate to={`/${locale}/home`} replace /> }, ...pageRoutes(true)],
      })),
    ],
  },
];
