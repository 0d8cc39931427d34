import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import { ApiError } from '../api/api-error';
import { CurrentUserProvider } from '../app/CurrentUserProvider';
import { AdminLocaleProvider } from './AdminLocale';
import { adminRoutes } from './routes';
import './admin.css';

/** The organiser console: its own entry (web/admin.html), hash routes under /admin/ (an expired session lands on /admin/#/login). */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5_000, retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2 },
  },
});

const router = createHashRouter(adminRoutes);
const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AdminLocaleProvider>
        <AntdApp>
          <CurrentUserProvider>
            <RouterProvider router={router} />
          </CurrentUserProvider>
        </AntdApp>
      </AdminLocaleProvider>
    </QueryClientProvider>
  </StrictMode>,
);
