import { type ErrorLevel, request } from './request';

/** What a query's `meta` carries when its answer is the same for every visitor of a locale. */
export type PublicReadMeta = { publicApi: string; infinite?: true };

/**
 * The query function of a read every anonymous visitor gets alike, with the API path in its `meta`: the
 * server's renderer finds the queries a page asked for and fetches these from the API itself, so the page is
 * painted with its content (and the same answers go into the HTML for the browser's first render).
 * Per-visitor reads (a vote state, the signed-in user's data) are never marked.
 */
export function publicRead<T>(path: string, level: ErrorLevel) {
  const meta: PublicReadMeta = { publicApi: path };
  return { queryFn: ({ signal }: { signal: AbortSignal }) => request<T>(path, { signal, level }), meta };
}
