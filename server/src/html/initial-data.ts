import { DEFAULT_PAGE_SIZE } from '../../../common/constants';
import { GALLERY_CARD_MAX_WIDTH, GALLERY_CARD_SIZES, GALLERY_FIRST_ROW } from '../../../common/gallery';
import { escapeHtml } from '../../../common/html-escape';
import type { SiteIdentity } from '../../../common/identity';
import type { Locale } from '../../../common/locales';
import { imageSrcSet, widthsUpTo } from '../../../common/media';
import { HOME_NEWS_COUNT, INITIAL_DATA_ID, queryKeys } from '../../../common/query-keys';
import type { AppContext } from '../context';
import { getContestInfo } from '../services/contest/contest-info';
import { PageLoads, pageReads } from './page-loads';

/** An image the page will show above the fold; `srcset`/`sizes`/`type` as on its <img>/<source>. */
export type ImagePreload = { href: string; srcset?: string; sizes?: string; type?: string };

/**
 * A page's first API answers (keyed like the query hooks, common/query-keys.ts) and its first images. A
 * `stale` answer paints the first screen but is asked again at once: its API answer depends on the visitor.
 */
export type PageData = { queries: { key: unknown[]; data: unknown; stale?: boolean }[]; images: ImagePreload[] };

/** `loads`: the render's shared reads (page-loads.ts), so the no-JavaScript content reuses what is read here. */
export type PageDataResolver = (
  ctx: AppContext,
  search: URLSearchParams,
  locale: Locale,
  params: Record<string, string>,
  loads?: PageLoads,
) => Promise<PageData>;

/**
 * Per-route first data, keyed by the route path of common/routes.ts. Without it a phone waits for the
 * shell, then the page chunk, then the API, then the images; with it the answers come in the HTML and
 * the largest image starts with the shell. Only the default view of a list is served here. Every other read
 * a page makes is fetched by the server's renderer as it paints the page (the queries marked as public reads);
 * /events only names its first cover here, its list is such a read.
 */
export const pageDataResolvers: Record<string, PageDataResolver> = {
  home: async (ctx, _search, locale, _params, loads = new PageLoads()) => {
    const [contest, films, news, jury, sponsors] = await Promise.all([
      getContestInfo(ctx.db, ctx.config.contestTimezone),
      pageReads.homeFilms(ctx, loads, locale),
      pageReads.news(ctx, loads, locale, 1, HOME_NEWS_COUNT),
      pageReads.jury(ctx, loads, locale),
      pageReads.sponsors(ctx, loads, locale),
    ]);
    return {
      queries: [
        { key: queryKeys.contest(), data: contest },
        // The films strip sits under the hero: in the HTML, it does not push the page down when it arrives.
        { key: queryKeys.homeFilms(locale), data: films },
        { key: queryKeys.news(locale, 1, HOME_NEWS_COUNT), data: news },
        { key: queryKeys.jury(locale), data: jury },
        { key: queryKeys.sponsors(locale), data: sponsors },
      ],
      images: [],
    };
  },
  events: async (ctx, search, locale, _params, loads = new PageLoads()) => {
    if ([...search.keys()].length) return { queries: [], images: [] };
    const news = await pageReads.news(ctx, loads, locale, 1, DEFAULT_PAGE_SIZE);
    const first = news.items[0]?.coverUrl;
    return { queries: [], images: first ? [{ href: first }] : [] };
  },
  // The page a shared poster or link opens: the entry as an anonymous visitor sees it (not voted), so title,
  // votes and the Vote button paint without waiting for the API; the app then asks the API, which says whether
  // this visitor voted and sets the viewed cookie. The film's poster starts with the HTML.
  'gallery/:id': async (ctx, _search, locale, params, loads = new PageLoads()) => {
    const id = Number(params.id);
    const entry = await pageReads.galleryEntry(ctx, loads, locale, id);
    const poster = entry.film.hls || entry.film.mp4 ? (entry.videoCoverUrl ?? entry.film.poster ?? entry.coverUrl) : null;
    return {
      queries: [{ key: queryKeys.galleryEntry(locale, id), data: { ...entry, voted: false }, stale: true }],
      images: poster ? [{ href: poster }] : [],
    };
  },
  gallery: async (ctx, search, locale, _params, loads = new PageLoads()) => {
    if ([...search.keys()].length) return { queries: [], images: [] };
    const page = await pageReads.gallery(ctx, loads, locale, 1, DEFAULT_PAGE_SIZE);
    const widths = widthsUpTo(GALLERY_CARD_MAX_WIDTH);
    const images: ImagePreload[] = [];
    for (const item of page.items.slice(0, GALLERY_FIRST_ROW)) {
      const srcset = item.coverUrl ? imageSrcSet(item.coverUrl, widths, 'avif') : null;
      if (item.coverUrl && srcset) images.push({ href: item.coverUrl, srcset, sizes: GALLERY_CARD_SIZES, type: 'image/avif' });
    }
    return {
      // The list is an infinite query: its cached form is the pages loaded so far and their numbers.
      queries: [{ key: queryKeys.gallery(locale, undefined, undefined, 'newest'), data: { pages: [page], pageParams: [1] } }],
      images,
    };
  },
};

/** The identity every page's header and footer show, under the key of its query hook. */
export function identityQuery(locale: Locale, identity: SiteIdentity): PageData['queries'][number] {
  return { key: queryKeys.identity(locale), data: identity };
}

/** JSON inside <script>: nothing in it may close the element or start a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data block (not executed, so the CSP's script-src does not apply) and the image preloads. */
export function renderPageData(data: PageData): string {
  const tags = data.images.map((img) => {
    const attrs = [`rel="preload"`, `as="image"`, `fetchpriority="high"`];
    if (img.type) attrs.push(`type="${escapeHtml(img.type)}"`);
    if (img.srcset) attrs.push(`imagesrcset="${escapeHtml(img.srcset)}"`, `imagesizes="${escapeHtml(img.sizes ?? '100vw')}"`);
    else attrs.push(`href="${escapeHtml(img.href)}"`);
    return `<link ${attrs.join(' ')}>`;
  });
  if (data.queries.length) tags.push(`<script type="application/json" id="${INITIAL_DATA_ID}">${jsonForScript({ queries: data.queries })}</script>`);
  return tags.join('\n    ');
}
