import type { Locale } from '../../../common/locales';
import type { AppContext } from '../context';
import { getExhibition, listExhibitions } from '../services/content/exhibitions';
import { listJury } from '../services/content/jury';
import { getNews, listNews } from '../services/content/news';
import { getPage } from '../services/content/pages';
import { listSponsors } from '../services/content/sponsors';
import { listGallery, publicGalleryEntry } from '../services/gallery/gallery-reads';
import { homeFilms } from '../services/gallery/home-films';
import { publicResults } from '../services/jury/results';

/**
 * The records one page render reads, each loaded once: the <head>, the data block and the no-JavaScript
 * content of the same page ask for the same news item or entry, and the second asker gets the first one's
 * promise instead of another round of queries. Lives for one render only, so it never serves stale data.
 */
export class PageLoads {
  private readonly started = new Map<string, Promise<unknown>>();

  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.started.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      this.started.set(key, p);
    }
    return p;
  }
}

/** The shared reads, named so every caller uses the same key and the same service call (the API's). */
export const pageReads = {
  news: (ctx: AppContext, loads: PageLoads, locale: Locale, page: number, pageSize: number) =>
    loads.once(`news:${locale}:${page}:${pageSize}`, () => listNews(ctx.db, locale, { page, pageSize })),
  newsItem: (ctx: AppContext, loads: PageLoads, locale: Locale, id: number) => loads.once(`news-item:${locale}:${id}`, () => getNews(ctx.db, locale, id)),
  exhibitions: (ctx: AppContext, loads: PageLoads, locale: Locale, page: number, pageSize: number) =>
    loads.once(`exhibitions:${locale}:${page}:${pageSize}`, () => listExhibitions(ctx.db, locale, { page, pageSize })),
  exhibition: (ctx: AppContext, loads: PageLoads, locale: Locale, id: number) =>
    loads.once(`exhibition:${locale}:${id}`, () => getExhibition(ctx.db, locale, id)),
  jury: (ctx: AppContext, loads: PageLoads, locale: Locale) => loads.once(`jury:${locale}`, () => listJury(ctx.db, locale)),
  sponsors: (ctx: AppContext, loads: PageLoads, locale: Locale) => loads.once(`sponsors:${locale}`, () => listSponsors(ctx.db, locale)),
  homeFilms: (ctx: AppContext, loads: PageLoads, locale: Locale) => loads.once(`home-films:${locale}`, () => homeFilms(ctx.db, locale)),
  results: (ctx: AppContext, loads: PageLoads, locale: Locale) => loads.once(`results:${locale}`, () => publicResults(ctx.db, locale)),
  page: (ctx: AppContext, loads: PageLoads, locale: Locale, slug: string) => loads.once(`page:${locale}:${slug}`, () => getPage(ctx.db, locale, slug)),
  gallery: (ctx: AppContext, loads: PageLoads, locale: Locale, page: number, pageSize: number) =>
    loads.once(`gallery:${locale}:${page}:${pageSize}`, () => listGallery(ctx.db, { page, pageSize, sort: 'newest' }, locale)),
  galleryEntry: (ctx: AppContext, loads: PageLoads, locale: Locale, id: number) =>
    loads.once(`gallery-entry:${locale}:${id}`, () =>
      publicGalleryEntry(ctx.db, id, { publicUrl: ctx.config.publicUrl, locale, timeZone: ctx.config.contestTimezone }),
    ),
};
