import { useQuery } from '@tanstack/react-query';
import type { MediaStatus, MediaStatusName } from '../../../../common/media';
import { request } from '../../api/request';

/** How often a film's state is asked for: every 3 s while it is processed, every 10 s while it waits, else not. */
export function filmPollInterval(status: MediaStatusName | undefined): number | false {
  return status === 'running' ? 3000 : status === 'queued' ? 10_000 : false;
}

/**
 * The playback state of an entry's film (GET /api/media/entries/:id). While the film waits or is being
 * processed the query polls, so "processing 42%" moves on its own; it stops once done or failed. Until a
 * poll has answered, `status` (the state the caller already knows) decides, so one failed poll does not
 * stop the polling.
 */
export function useMediaStatus(entryId: number, opts: { enabled?: boolean; status?: MediaStatusName } = {}) {
  return useQuery({
    queryKey: ['media-status', entryId],
    queryFn: ({ signal }) => request<MediaStatus>(`/api/media/entries/${entryId}`, { signal, level: 'silent' }),
    enabled: entryId > 0 && opts.enabled !== false,
    refetchInterval: (q) => filmPollInterval(q.state.data?.status ?? opts.status),
  });
}
