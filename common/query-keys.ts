import type { NewsCategory } from './constants';
import type { GallerySort } from './gallery';
import type { Locale } from './locales';

/**
 * Query-cache keys of the read API, shared by the web app's query hooks and the server, which puts a
 * page's first answers into its HTML under the same keys (server/src/html/initial-data.ts). The locale is
 * part of every localized key: switching language refetches in place.
 */
export const queryKeys = {
  contest: () => ['contest'],
  identity: (locale: Locale) => ['identity', locale],
  news: (locale: Locale, page: number, pageSize: number, category?: NewsCategory) => ['news', locale, page, pageSize, category ?? 'all'],
  jury: (locale: Locale) => ['jury', locale],
  sponsors: (locale: Locale) => ['sponsors', locale],
  results: (locale: Locale) => ['results', locale],
  resultsStatus: () => ['results', 'status'],
  galleryEntry: (locale: Locale, id: number) => ['gallery-entry', locale, id],
  homeFilms: (locale: Locale) => ['home-films', locale],
  awards: (locale: Locale) => ['awards', locale],
  gallery: (locale: Locale, group: string | undefined, q: string | undefined, sort: GallerySort) => ['gallery', locale, group ?? 'all', q ?? '', sort],
};

/** News items the home page shows. */
export const HOME_NEWS_COUNT = 4;

/** Id of the `<script type="application/json">` block in which the server hands a page its first answers. */
export const INITIAL_DATA_ID = 'initial-data';
