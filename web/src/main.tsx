import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { REFRESH_ON_FOCUS_SPAN_MS, REQUEST_CACHE_TIME_MS } from '../../common/constants';
import { ApiError } from './api/api-error';
import { seedInitialData } from './api/initial-data';
import { detectLocale } from './i18n/detect-locale';
import { loadMessages } from './i18n/messages';
import { routes } from './routes';
import './styles/global.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Refetch on focus at most every 5 s; keep answers 5 minutes.
      staleTime: REFRESH_ON_FOCUS_SPAN_MS,
      gcTime: REQUEST_CACHE_TIME_MS,
      refetchOnWindowFocus: true,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

seedInitialData(queryClient);
// The router starts loading the page's chunk here; the server's HTML has asked for it and for the texts.
const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
const root = createRoot(container);

// The first render waits for the texts (nothing can show without them) so it is not spent on a placeholder,
// and runs in a transition: React renders in short slices, and a phone's main thread stays responsive.
void loadMessages(detectLocale(window.location.pathname))
  .catch(() => undefined) // offline: LocaleProvider tries again and keeps the placeholder meanwhile
  .then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </StrictMode>,
      ),
    ),
  );
