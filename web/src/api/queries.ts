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
import { publicRead } from './public-read';
import { qs } from './query-string';

/** Query hooks of the read API. The locale is part of every key: switching language refetches in place. */

export function useNewsList(page: number, pageSize: number, category?: NewsCategory) {
  const { locale } = useLocale();
  return useQuery({
    queryKey: queryKeys.news(locale, page, pageSize, category),
    ...publicRead<Paged<NewsSummary>>(`/api/news${qs({ page, pageSize, category })}`, 'redirect'),
    placeholderData: keepPreviousData,
  });
}

export function useNewsItem(id: number) {
  const { locale } = useLocale();
  return useQuery({
    queryKey: ['news-item', locale, id],
    ...publicRead<NewsDetail>(`/api/news/${id}`, 'silent'),
    enabled: id > 0,
    retry: false,
  });
}

export function useJury() {
  const { locale } = useLocale();
  return useQuery({ queryKey: queryKeys.jury(locale), ...publicRead<JuryMember[]>('/api/jury', 'redirect') });
}

export function useExhibitions(page: number, pageSize: number) {
  const { locale } = useLocale();
  return useQuery({
    queryKey: ['exhibitions', locale, page, pageSize],
    ...publicRead<Paged<ExhibitionSummary>>(`/api/exhibitions${qs({ page, pageSize })}`, 'redirect'),
    placeholderData: keepPreviousData,
  });
}

export function useExhibition(id: number) {
  const { locale } = useLocale();
  return useQuery({
    queryKey: ['exhibition', locale, id],
    ...publicRead<ExhibitionDetail>(`/api/exhibitions/${id}`, 'silent'),
    enabled: id > 0,
    retry: false,
  });
}

export function useSponsors() {
  const { locale } = useLocale();
  return useQuery({ queryKey: queryKeys.sponsors(locale), ...publicRead<Sponsor[]>('/api/sponsors', 'notification') });
}

export function useAwards() {
  const { locale } = useLocale();
  return useQuery({ queryKey: queryKeys.awards(locale), ...publicRead<PublicAward[]>('/api/awards', 'notification') });
}

export function usePageContent(slug: PageSlug) {
  const { locale } = useLocale();
  return useQuery({ queryKey: ['page', locale, slug], ...publicRead<PageContent>(`/api/pages/${slug}`, 'redirect') });
}

/** What the built-in privacy notice states from the organiser's settings (the retention days). */
export function usePrivacyFacts(enabled: boolean) {
  return useQuery({ queryKey: ['privacy-facts'], ...publicRead<PrivacyFacts>('/api/privacy', 'silent'), enabled });
}

export function useTemplates() {
  const { locale } = useLocale();
  return useQuery({ queryKey: ['templates', locale], ...publicRead<TemplateFile[]>('/api/templates', 'notification') });
}

/**
 * Who runs the contest, in the page's locale. The server puts it into every page's HTML (initial data), so
 * the header and footer have it on the first render; a language switch keeps the last one until the next arrives.
 */
export function useIdentity(): SiteIdentity | undefined {
  const { locale } = useLocale();
  return useQuery({
    queryKey: queryKeys.identity(locale),
    ...publicRead<SiteIdentity>('/api/site/identity', 'silent'),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  }).data;
}

export function useContest() {
  return useQuery({ queryKey: queryKeys.contest(), ...publicRead<ContestInfo>('/api/contest', 'notification') });
}

/** The published results (null until the organiser publishes them). */
export function useResults() {
  const { locale } = useLocale();
  return useQuery({
    queryKey: queryKeys.results(locale),
    ...publicRead<PublicResults | null>('/api/results', 'redirect'),
  });
}

/** Whether the results are public: the menu shows their entry only then. A failure just leaves it out. */
export function useResultsPublished(): boolean {
  const status = useQuery({
    queryKey: queryKeys.resultsStatus(),
    ...publicRead<{ published: boolean }>('/api/results/status', 'silent'),
  });
  return status.data?.published === true;
}
