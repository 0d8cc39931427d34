import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { seedInitialData } from './api/initial-data';
import { createQueryClient } from './api/query-client';
import { accessToken } from './api/request';
import { beginHydration, cancelHydration } from './app/server-html';
import { detectLocale } from './i18n/detect-locale';
import { loadMessages } from './i18n/messages';
import { resolveLazyRoutes } from './resolve-lazy-routes';
import { routes } from './routes';
import './styles/global.css';

const queryClient = createQueryClient();
seedInitialData(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
const locale = detectLocale(window.location.pathname);
// The server painted the page for an anonymous visitor in the locale it names. A visitor whose stored choice
// differs (a bare path read through another language), or who is signed in (the header, the vote buttons and
// the links depend on who it is), gets a fresh render instead of a hydration that could not match.
const hydrate = container.dataset.ssr === locale && container.firstElementChild !== null && !accessToken();

function app(router: ReturnType<typeof createBrowserRouter>) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}

/** A render from scratch: the router loads the page's chunk itself (the server's HTML has asked for it and for the texts). */
function renderFresh() {
  const router = createBrowserRouter(routes);
  const root = createRoot(container as HTMLElement);
  // The first render waits for the texts (nothing can show without them) so it is not spent on a placeholder,
  // and runs in a transition: React renders in short slices, and a phone's main thread stays responsive.
  void loadMessages(locale)
    .catch(() => undefined) // offline: LocaleProvider tries again and keeps the placeholder meanwhile
    .then(() => startTransition(() => root.render(app(router))));
}

if (hydrate) {
  // Hydration needs the page's own chunks and texts first: the painted page stays as it is meanwhile, and is
  // then taken over without being drawn again.
  beginHydration();
  Promise.all([loadMessages(locale), resolveLazyRoutes(routes, window.location)]).then(
    () =>
      startTransition(
        () =>
          void hydrateRoot(container, app(createBrowserRouter(routes)), {
            // A part that did not match is drawn again by React; named in the console, so tests and people see it.
            onRecoverableError: (error) => console.error('Hydration mismatch:', error),
          }),
      ),
    // A chunk that did not arrive: the fresh render's router tries again and offers its retry page.
    () => {
      cancelHydration();
      renderFresh();
    },
  );
} else renderFresh();
