import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type EntryGroup } from '../../../../common/constants';
import type { GalleryEntryDetail, GalleryPage, GallerySort, HomeFilms, ScamTip, VoteResult } from '../../../../common/gallery';
import { queryKeys } from '../../../../common/query-keys';
import { type PublicReadMeta, publicRead } from '../../api/public-read';
import { qs } from '../../api/query-string';
import { request } from '../../api/request';
import { useLocale } from '../../i18n/use-locale';
import { rememberReceipt } from './receipt-store';

/** Query hooks of the gallery area (list, detail, vote, tips). */
export type GalleryFilter = { group?: EntryGroup; q?: string; sort: GallerySort };

export function useGalleryPages(filter: GalleryFilter) {
  const { locale } = useLocale();
  return useInfiniteQuery({
    queryKey: queryKeys.gallery(locale, filter.group, filter.q, filter.sort),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      request<GalleryPage>(`/api/gallery${qs({ page: pageParam, pageSize: DEFAULT_PAGE_SIZE, group: filter.group, q: filter.q, sort: filter.sort })}`, {
        signal,
        level: 'notification',
      }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    // The server's renderer paints the first page of any filter (an infinite query's cache holds its pages).
    meta: {
      publicApi: `/api/gallery${qs({ page: 1, pageSize: DEFAULT_PAGE_SIZE, group: filter.group, q: filter.q, sort: filter.sort })}`,
      infinite: true,
    } satisfies PublicReadMeta,
  });
}

/** The home page's strip of approved films (empty while the gallery is closed or nothing is approved). */
export function useHomeFilms() {
  const { locale } = useLocale();
  return useQuery({
    queryKey: queryKeys.homeFilms(locale),
    ...publicRead<HomeFilms>('/api/gallery/home', 'silent'),
  });
}

export function useGalleryEntry(id: number) {
  const { locale } = useLocale();
  return useQuery({
    queryKey: queryKeys.galleryEntry(locale, id),
    queryFn: ({ signal }) => request<GalleryEntryDetail>(`/api/gallery/entries/${id}`, { signal, level: 'silent' }),
    enabled: id > 0,
    retry: false,
  });
}

/**
 * Casting a vote writes the new count straight into the cached entry and into every cached gallery list (and the
 * home page's strip) that shows the entry: the visitor sees it at once. The lists are not refetched for it: the server keeps its public
 * lists for up to a second (counts at most a second old), so a refetch right after the vote could bring back
 * the count from before it.
 */
export function useVote(id: number) {
  const { locale } = useLocale();
  const client = useQueryClient();
  return useMutation({
    // The proof the organiser's voter mode asks for: a solved challenge, an e-mail or texted code, or none (the session).
    mutationFn: (body: { altcha: string } | { email: string; code: string } | { phone: string; code: string } | Record<string, never>) =>
      request<VoteResult>(`/api/gallery/entries/${id}/vote`, { method: 'POST', body, level: 'silent' }),
    onSuccess: (result) => {
      rememberReceipt(id, result.receipt);
      // A hidden or delayed count is not in the answer (null): the shown one stays as it is.
      if (result.voteCount === null) {
        client.setQueryData<GalleryEntryDetail>(queryKeys.galleryEntry(locale, id), (old) => (old ? { ...old, voted: true } : old));
        return;
      }
      client.setQueryData<GalleryEntryDetail>(queryKeys.galleryEntry(locale, id), (old) => (old ? { ...old, voteCount: result.voteCount, voted: true } : old));
      const voteCount = result.voteCount;
      client.setQueriesData<InfiniteData<GalleryPage>>({ queryKey: ['gallery'] }, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((p) => ({ ...p, items: p.items.map((e) => (e.id === id ? { ...e, voteCount } : e)) })),
            }
          : old,
      );
      client.setQueryData<HomeFilms>(queryKeys.homeFilms(locale), (old) =>
        old ? { ...old, items: old.items.map((e) => (e.id === id ? { ...e, voteCount } : e)) } : old,
      );
    },
  });
}

export function useScamTips() {
  const { locale } = useLocale();
  return useQuery({ queryKey: ['scam-tips', locale], ...publicRead<ScamTip[]>('/api/scam-tips', 'notification') });
}
