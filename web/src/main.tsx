import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { REFRESH_ON_FOCUS_SPAN_MS, REQUEST_CACHE_TIME_MS } from '../../common/constants';
import { ApiError } from './api/api-error';
import { routes } from './routes';
import './styles/global.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Refetch on focus at most every 5 s; keep answers 5 minutes (SPEC §9).
      staleTime: REFRESH_ON_FOCUS_SPAN_MS,
      gcTime: REQUEST_CACHE_TIME_MS,
      refetchOnWindowFocus: true,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
