import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ContestInfo,
  ExhibitionDetail,
  ExhibitionSummary,
  JuryMember,
  NewsDetail,
  NewsSummary,
  PageContent,
  Paged,
  Sponsor,
  TemplateFile,
} from '../../../common/api-types';
import type { NewsCategory, PageSlug } from '../../../common/constants';
import type { SiteIdentity } from '../../../common/identity';
import type { PublicAward, PublicResults } from '../../../common/jury/api-types';
import type { PrivacyFacts } from '../../../common/privacy';
import { queryKeys } from '../../../common/query-keys';
import { useLocale } from '../i18n/use-locale';
import { qs } from './query-string';
import { request } from './request';

/** Query hooks of the read API. The locale is part of every key: switching language refetches in place. */

export function useNewsList(page: number, pageSize: number, category?: NewsCategory) {
  const { locale } = useLocale();
  return useQuery({
    queryKey: queryKeys.news(locale, page, pageSize, category),
    queryFn: ({ signal }) => request<Paged<NewsSummary>>(`/api/news${qs({ page, pageSize, category })}`, { signal, level: 'redirect' }),
    placeholderData: keepPreviousData,
  });
}

export function useNewsItem(id: number) {
  const { locale } = useLocale();
  return useQuery({
    queryKey: ['news-item', locale, id],
    queryFn: ({ signal }) => request<NewsDetail>(`/api/news/${id}`, { signal, level: 'silent' }),
    enabled: id > 0,
    retry: false,
  });
}

export function useJury() {
  const { locale } = useLocale();
  return useQuery({ queryKey: queryKeys.jury(locale), queryFn: ({ signal }) => request<JuryMember[]>('/api/jury', { signal, level: 'redirect' }) });
}

export function useExhibitions(page: number, pageSize: number) {
  const { locale } = useLocale();
  return useQuery({
    queryKey: ['exhibitions', locale, page, pageSize],
    queryFn: ({ signal }) => request<Paged<ExhibitionSummary>>(`/api/exhibitions${qs({ page, pageSize })}`, { signal, level: 'redirect' }),
    placeholderData: keepPreviousData,
  });
}

export function useExhibition(id: number) {
  const { locale } = useLocale();
  return useQuery({
    queryKey: ['exhibition', locale, id],
    queryFn: ({ signal }) => request<ExhibitionDetail>(`/api/exhibitions/${id}`, { signal, level: 'silent' }),
    enabled: id > 0,
    retry: false,
  });
}

export function useSponsors() {
  const { locale } = useLocale();
  return useQuery({ queryKey: queryKeys.sponsors(locale), queryFn: ({ signal }) => request<Sponsor[]>('/api/sponsors', { signal, level: 'notification' }) });
}

export function useAwards() {
  const { locale } = useLocale();
  return useQuery({ queryKey: queryKeys.awards(locale), queryFn: ({ signal }) => request<PublicAward[]>('/api/awards', { signal, level: 'notification' }) });
}

export function usePageContent(slug: PageSlug) {
  const { locale } = useLocale();
  return useQuery({ queryKey: ['page', locale, slug], queryFn: ({ signal }) => request<PageContent>(`/api/pages/${slug}`, { signal, level: 'redirect' }) });
}

/** What the built-in privacy notice states from the organiser's settings (the retention days). */
export function usePrivacyFacts(enabled: boolean) {
  return useQuery({ queryKey: ['privacy-facts'], queryFn: ({ signal }) => request<PrivacyFacts>('/api/privacy', { signal, level: 'silent' }), enabled });
}

export function useTemplates() {
  const { locale } = useLocale();
  return useQuery({ queryKey: ['templates', locale], queryFn: ({ signal }) => request<TemplateFile[]>('/api/templates', { signal, level: 'notification' }) });
}

/**
 * Who runs the contest, in the page's locale. The server puts it into every page's HTML (initial data), so
 * the header and footer have it on the first render; a language switch keeps the last one until the next arrives.
 */
export function useIdentity(): SiteIdentity | undefined {
  const { locale } = useLocale();
  return useQuery({
    queryKey: queryKeys.identity(locale),
    queryFn: ({ signal }) => request<SiteIdentity>('/api/site/identity', { signal, level: 'silent' }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  }).data;
}

export function useContest() {
  return useQuery({ queryKey: queryKeys.contest(), queryFn: ({ signal }) => request<ContestInfo>('/api/contest', { signal, level: 'notification' }) });
}

/** The published results (null until the organiser publishes them). */
export function useResults() {
  const { locale } = useLocale();
  return useQuery({
    queryKey: queryKeys.results(locale),
    queryFn: ({ signal }) => request<PublicResults | null>('/api/results', { signal, level: 'redirect' }),
  });
}

/** Whether the results are public: the menu shows their entry only then. A failure just leaves it out. */
export function useResultsPublished(): boolean {
  const status = useQuery({
    queryKey: queryKeys.resultsStatus(),
    queryFn: ({ signal }) => request<{ published: boolean }>('/api/results/status', { signal, level: 'silent' }),
  });
  return status.data?.published === true;
}
