import { useQuery } from '@tanstack/react-query';
import type { MediaStatus } from '../../../../common/media';
import { request } from '../../api/request';

/**
 * The playback state of an entry's film (GET /api/media/entries/:id). While the film waits or is being
 * processed the query polls, so "processing 42%" moves on its own; it stops once done or failed.
 */
export function useMediaStatus(entryId: number, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['media-status', entryId],
    queryFn: ({ signal }) => request<MediaStatus>(`/api/media/entries/${entryId}`, { signal, level: 'silent' }),
    enabled: entryId > 0 && opts.enabled !== false,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 3000 : q.state.data?.status === 'queued' ? 10_000 : false),
  });
}
