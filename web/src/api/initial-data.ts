import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ID } from '../../../common/query-keys';

/** What the server writes into a page's HTML (server/src/html/initial-data.ts): answers keyed like the query hooks. */
export type InitialData = { queries: { key: unknown[]; data: unknown; stale?: boolean }[] };

/**
 * Seeds the query cache with the answers the server put into the HTML, so the first render has its data
 * without a round trip (and the page's largest image is known as soon as the HTML is). The answers count
 * as fresh from now: the usual refetch-on-focus rules apply after that; one marked stale (it depends on the
 * visitor, e.g. whether they voted) is shown and asked again as soon as a page uses it.
 */
export function seedInitialData(client: QueryClient): void {
  const el = document.getElementById(INITIAL_DATA_ID);
  if (!el?.textContent) return;
  let parsed: InitialData;
  try {
    parsed = JSON.parse(el.textContent) as InitialData;
  } catch {
    return; // a broken block only costs the round trip it was meant to save
  }
  seedQueries(client, parsed.queries ?? []);
}

/** Puts the answers into the cache; the server's renderer seeds the same ones, so its HTML matches the first render here. */
export function seedQueries(client: QueryClient, queries: InitialData['queries']): void {
  for (const q of queries) {
    if (Array.isArray(q.key)) client.setQueryData(q.key, q.data, q.stale ? { updatedAt: 0 } : undefined);
  }
}
