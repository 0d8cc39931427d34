import { Code } from '../../../common/errors';
import { stripTags } from '../../../common/html-escape';
import { t } from '../../../common/i18n/index';
import type { Locale } from '../../../common/locales';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { siteIdentity } from '../services/content/identity';
import { entryShareImageUrl } from '../services/content/share-image';
import { PageLoads, pageReads } from './page-loads';

export type HeadOverride = { title: string; description?: string; imageUrl?: string; type?: 'article' | 'video.other' };

/**
 * Per-route head data for detail pages, keyed by the route path of common/routes.ts. Returning null
 * means the record does not exist: the page is answered with status 404.
 * Features add their own detail routes here (e.g. gallery/:id).
 */
export type HeadResolver = (ctx: AppContext, params: Record<string, string>, locale: Locale, loads?: PageLoads) => Promise<HeadOverride | null>;

async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof AppError && err.code === Code.NotFound) return null;
    throw err;
  }
}

const validId = (raw: string | undefined) => (raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null);

export const headResolvers: Record<string, HeadResolver> = {
  // Results: once published, the share card names the winners and shows the first one's cover;
  // before that the page says when they will be announced.
  results: async (ctx, _params, locale, loads = new PageLoads()) => {
    const results = await pageReads.results(ctx, loads, locale);
    if (!results) return { title: t(locale, 'route.results'), description: t(locale, 'results.soon') };
    const winners = results.groups.flatMap((g) => g.winners);
    const list = winners.map((w) => `${w.award}《${w.title}》`).join(locale === 'en-US' ? ', ' : '、');
    return {
      title: t(locale, 'route.results'),
      description: t(locale, 'results.shareDescription', { site: (await siteIdentity(ctx.db, locale)).siteName, winners: list }).slice(0, 160),
      imageUrl: winners.find((w) => w.coverUrl)?.coverUrl ?? undefined,
      type: 'article',
    };
  },
  'events/:id': async (ctx, params, locale, loads = new PageLoads()) => {
    const id = validId(params.id);
    const news = id ? await orNull(pageReads.newsItem(ctx, loads, locale, id)) : null;
    return news ? { title: news.title, description: news.summary || stripTags(news.body).slice(0, 160), imageUrl: news.coverUrl, type: 'article' } : null;
  },
  'exhibition/:id': async (ctx, params, locale, loads = new PageLoads()) => {
    const id = validId(params.id);
    const ex = id ? await orNull(pageReads.exhibition(ctx, loads, locale, id)) : null;
    return ex ? { title: ex.title, description: ex.summary || stripTags(ex.body).slice(0, 160), imageUrl: ex.coverUrl, type: 'article' } : null;
  },
  // Gallery: 2100 = not approved or missing -> 404; the preview picture is the entry's share image (cover, number, title).
  'gallery/:id': async (ctx, params, locale, loads = new PageLoads()) => {
    const id = validId(params.id);
    let entry = null;
    try {
      entry = id ? await pageReads.galleryEntry(ctx, loads, locale, id) : null;
    } catch (err) {
      if (!(err instanceof AppError && (err.code === Code.EntryNotFound || err.code === Code.GalleryNotOpen))) throw err;
    }
    return entry
      ? {
          title: entry.title,
          description: (entry.slogan || entry.description).slice(0, 160),
          imageUrl: entryShareImageUrl(entry.id, locale),
          type: 'video.other',
        }
      : null;
  },
};
