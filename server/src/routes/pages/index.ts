import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../../common/errors';
import { t } from '../../../../common/i18n/index';
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromAcceptLanguage } from '../../../../common/locales';
import { matchPageRoute } from '../../../../common/routes';
import { failureBody } from '../../errors';
import { type HeadInfo, renderDocument } from '../../html/head';
import { headResolvers } from '../../html/head-resolvers';
import { identityQuery, type PageData, pageDataResolvers, renderPageData } from '../../html/initial-data';
import { listPageOf, renderNoscript } from '../../html/noscript';
import { PageLoads } from '../../html/page-loads';
import { loadPageAssets, renderPreloads } from '../../html/preload';
import { loadPageRenderer } from '../../html/server-render';
import { fillRoot, HEAD_MARKER, insertAfterRoot, loadTemplate, startAppAfterPaint } from '../../html/template';
import { type CacheSpec, cachedAnswer, sendCached } from '../../plugins/response-cache';
import type { FreshAnswer } from '../../services/cache/response-cache';
import { siteIdentity } from '../../services/content/identity';
import { pageShareImageUrl } from '../../services/content/share-image';
import { resultsPublished } from '../../services/jury/results';

/** Paths served by other handlers; a miss there is an API-style 404, never the SPA. */
const NON_PAGE_PREFIXES = ['/api/', '/dist/', '/media/', '/files/', '/admin/'];

/**
 * Every page route of the site (bare and under /{lang}) answers with the SPA shell and a server-rendered
 * <head>. Unknown paths get the same shell with status 404 (the SPA shows its 404 page); API misses get the
 * 9404 envelope.
 */
export async function pageRoutes(app: FastifyInstance) {
  const template = loadTemplate(app.ctx.config.webDir);
  const pageAssets = loadPageAssets(app.ctx.config.webDir);
  const renderBody = loadPageRenderer(app.ctx.config.webDir, (err) => app.log.warn({ err }, 'server rendering of a page failed'));
  const { publicUrl } = app.ctx.config;

  app.get('/', async (_req, reply) => reply.redirect('/home', 302));

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://x');
    const segments = url.pathname.split('/').filter(Boolean);
    const first = segments[0];
    const prefixed = isLocale(first);
    const locale: Locale = prefixed ? (first as Locale) : (localeFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE);
    const rest = prefixed ? segments.slice(1) : segments;

    if (prefixed && rest.length === 0) return reply.redirect(`/${locale}/home`, 302);

    const match = matchPageRoute(rest.join('/'));
    // The page is the same for every visitor of a locale (no user data, no nonce: the CSP allows no inline
    // script), so it is served from memory; of the query string only its presence changes the page.
    // A second at most: /gallery shows vote counts and /home the contest's clock (the voting countdown's base).
    // A list's ?page=N is the exception: its <noscript> content is that page of the list (noscript.ts).
    const listPage = listPageOf(url.search);
    const spec: CacheSpec = {
      key: `html:${locale}:${url.pathname}:${listPage ? `?page=${listPage}` : url.search ? '?' : ''}`,
      lifetime: 'counts',
      sharing: 'public',
      vary: 'accept-language',
    };
    const answer = await cachedAnswer(request, spec, () => buildPage(request, url, { locale, prefixed, rest, match, listPage }));
    return sendCached(request, reply, answer, spec);
  }

  /** The page's HTML and status; only a found page (200) is kept, so unknown paths cannot fill the cache. */
  async function buildPage(
    request: FastifyRequest,
    url: URL,
    {
      locale,
      prefixed,
      rest,
      match,
      listPage,
    }: { locale: Locale; prefixed: boolean; rest: string[]; match: ReturnType<typeof matchPageRoute>; listPage: number | null },
  ): Promise<FreshAnswer> {
    // The head, the data block and the <noscript> content read each record once.
    const loads = new PageLoads();
    const localizedOk = match?.route.localized !== false || !prefixed;
    let status = match && localizedOk ? 200 : 404;
    const routeTitleKey = (status === 200 ? match?.route.titleKey : 'route.404') ?? 'route.404';
    // The organiser's name and words (or the neutral defaults of an empty install); the page is cached, and
    // saving the identity in the console drops the cache, so a new name shows on the next request.
    const identity = await siteIdentity(app.ctx.db, locale);
    const siteName = identity.siteName;
    const pageTitle = t(locale, routeTitleKey as 'route.404');
    const head: HeadInfo = {
      locale,
      siteName,
      title: `${pageTitle} - ${siteName}`,
      shareTitle: routeTitleKey === 'route.home' ? siteName : pageTitle,
      description: identity.configured ? identity.footerText : t(locale, 'site.description'),
      // Every found page has a link preview of its own; a detail page's resolver names its record's picture, else
      // it shows its section's.
      imageUrl: status === 200 && match ? pageShareImageUrl(match.route.path.split('/')[0] as string, locale) : identity.heroImageUrl || undefined,
      path: `/${rest.join('/')}`,
      localized: match?.route.localized !== false,
      prefixed,
      publicUrl,
      noindex: status !== 200 || !match?.route.indexable,
    };
    if (status === 200 && match) {
      const resolver = headResolvers[match.route.path];
      if (resolver) {
        const override = await resolver(app.ctx, match.params, locale, loads);
        if (!override) {
          status = 404;
          head.noindex = true;
        } else {
          head.title = `${override.title} - ${siteName}`;
          head.shareTitle = override.title;
          head.description = override.description || head.description;
          head.imageUrl = override.imageUrl ?? head.imageUrl;
          head.type = override.type;
          head.noindex = false;
        }
      }
    }
    if (match?.route.path === '404') status = 404;
    if (match?.route.path === '500') status = 500;
    const shownRoute = status === 404 ? '404' : (match?.route.path ?? '404');
    const extra = [renderPreloads(pageAssets(shownRoute, locale))];
    const dataResolver = status === 200 ? pageDataResolvers[shownRoute] : undefined;
    // Every page's header and footer show the identity: it comes in the HTML, so they render with it at once.
    const identityData = identityQuery(locale, identity);
    // The home hero's key visual is the page's largest image: it starts downloading with the shell.
    const heroImages = shownRoute === 'home' && identity.heroImageUrl ? [{ href: identity.heroImageUrl }] : [];
    let complete = true;
    let data: PageData = { queries: [identityData], images: heroImages };
    if (dataResolver) {
      try {
        const page = await dataResolver(app.ctx, url.searchParams, locale, match?.params ?? {}, loads);
        data = { queries: [identityData, ...page.queries], images: [...heroImages, ...page.images] };
      } catch (err) {
        // The page still works without it: the SPA asks the API as usual.
        request.log.warn({ err }, 'page data for the HTML failed');
        complete = false; // served, but not kept: the next request tries again
      }
    }
    // The first screen painted here, from the same answers the browser's first render gets (pages that depend
    // on who asks are drawn by the browser). The reads the render adds go into the data block as well.
    const paints = app.ctx.config.serverRendering && !(status === 200 && (match?.route.access || match?.route.perVisitor));
    const painted = !paints ? null : await renderBody(`http://localhost${url.pathname}${url.search}`, locale, data.queries, (p) => readPublicApi(p, locale));
    if (painted) {
      data.queries.push(...painted.queries);
      if (!painted.complete) complete = false;
    }
    extra.push(renderPageData(data));
    let page = renderDocument(template(), HEAD_MARKER, head, [...extra, painted?.styles ?? ''].filter(Boolean).join('\n    '));
    if (painted) page = startAppAfterPaint(fillRoot(page, locale, painted.html));
    else {
      // Unpainted, the root stays empty without JavaScript: the page's text and links come in a <noscript> beside it.
      const noscript = await renderNoscript({
        ctx: app.ctx,
        locale,
        prefixed,
        route: shownRoute,
        params: match?.params ?? {},
        listPage: listPage ?? 1,
        identity,
        resultsPublished: await resultsPublished(app.ctx.db),
        loads,
        warn: (err) => request.log.warn({ err }, 'no-JavaScript content for the HTML failed'),
      });
      if (!noscript.complete) complete = false;
      page = insertAfterRoot(page, noscript.html);
    }
    return { status, type: 'text/html; charset=utf-8', body: page, keep: status === 200 && complete };
  }

  /** A public read as an anonymous visitor in `locale` gets it, asked of the app itself (no socket): the API's own answer. */
  async function readPublicApi(path: string, locale: Locale): Promise<{ data: unknown } | null> {
    if (!path.startsWith('/api/')) return null;
    try {
      const res = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json', 'x-locale': locale, 'accept-language': locale } });
      if (res.statusCode !== 200) return null;
      const body = res.json() as { code?: number; data?: unknown };
      return body.code === 0 ? { data: body.data ?? null } : null;
    } catch {
      return null; // not JSON, or the app is closing: the page is drawn without this read
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !NON_PAGE_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p);
    if (!wantsPage) return reply.status(404).send(failureBody(Code.NotFound, request.locale));
    return renderPage(request, reply);
  });
}
