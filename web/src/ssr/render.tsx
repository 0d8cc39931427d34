import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from 'react-router';
import type { Locale } from '../../../common/locales';
import { type InitialData, seedQueries } from '../api/initial-data';
import type { PublicReadMeta } from '../api/public-read';
import { createQueryClient } from '../api/query-client';
import { RenderedLocaleContext } from '../app/server-html';
import { loadMessages } from '../i18n/messages';
import { routes } from '../routes';

export type RenderRequest = {
  /** The page's absolute address (only its path and query are read). */
  url: string;
  locale: Locale;
  /** The answers written into the page's data block: the browser seeds the same, so its first render matches. */
  queries: InitialData['queries'];
  /** Asks the API for a public read (GET, as an anonymous visitor in `locale`): its `data`, or null when it failed. */
  readApi: (path: string) => Promise<{ data: unknown } | null>;
  /** Rendering longer than this gives up (the page is then served without its painted body). */
  timeoutMs: number;
};

export type RenderedPage = {
  /** The markup that goes inside the root element. */
  html: string;
  /** antd's styles for the components in that markup, as <style> tags for the head. */
  styles: string;
  /** The answers the render fetched beyond `queries`: they go into the data block too. */
  queries: InitialData['queries'];
  /** False when a read failed: the page is drawn without it (the browser asks again), and is not worth keeping. */
  complete: boolean;
};

const handler = createStaticHandler(routes);
/** Rounds of "render, fetch what the render asked for": a page whose reads depend on other reads needs a second. */
const MAX_ROUNDS = 3;

/**
 * Renders a public page to HTML the way the browser's first render will draw it: same routes, same seeded
 * query cache, same texts, as an anonymous visitor. Waits for every lazy page and component (prerender), so
 * the markup is complete. The page's public reads that were not seeded are fetched from the API and the page
 * rendered again with them, until it asks for nothing new. Returns null for what the browser app must decide
 * itself (a redirect).
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  await loadMessages(request.locale);
  const context = await handler.query(new Request(request.url));
  if (context instanceof Response) return null;
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const client = createQueryClient();
  seedQueries(client, request.queries);
  const fetched: InitialData['queries'] = [];
  const asked = new Set<string>();
  let complete = true;
  try {
    for (let round = 1; ; round++) {
      const page = await renderOnce(client, context, request.locale, deadline);
      const missing = client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data === undefined && !asked.has(q.queryHash) && typeof (q.meta as Partial<PublicReadMeta> | undefined)?.publicApi === 'string');
      if (missing.length === 0 || round === MAX_ROUNDS) return { ...page, queries: fetched, complete: complete && missing.length === 0 };
      await Promise.all(
        missing.map(async (q) => {
          asked.add(q.queryHash);
          const meta = q.meta as PublicReadMeta;
          const answer = await request.readApi(meta.publicApi);
          if (!answer) {
            complete = false;
            return;
          }
          // An infinite list's cache is its pages so far: the first one.
          const data = meta.infinite ? { pages: [answer.data], pageParams: [1] } : answer.data;
          client.setQueryData(q.queryKey, data);
          fetched.push({ key: [...q.queryKey], data });
        }),
      );
    }
  } finally {
    client.clear();
  }
}

async function renderOnce(client: QueryClient, context: StaticHandlerContext, locale: Locale, signal: AbortSignal): Promise<{ html: string; styles: string }> {
  const router = createStaticRouter(handler.dataRoutes, context);
  const styleCache = createCache();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StyleProvider cache={styleCache}>
        <RenderedLocaleContext.Provider value={locale}>
          <QueryClientProvider client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </QueryClientProvider>
        </RenderedLocaleContext.Provider>
      </StyleProvider>
    </StrictMode>,
    // Every boundary inline: no inline script may run under the site's CSP, and the page is complete anyway.
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  // Bytes are joined before decoding: a character may be split between two chunks.
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString('utf8'), styles: extractStyle(styleCache) };
}
