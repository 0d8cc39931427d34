import { QueryClient } from '@tanstack/react-query';
import { REFRESH_ON_FOCUS_SPAN_MS, REQUEST_CACHE_TIME_MS } from '../../../common/constants';
import { ApiError } from './api-error';

/** The query cache of the public site; the server's renderer builds one the same way, so both render alike. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
