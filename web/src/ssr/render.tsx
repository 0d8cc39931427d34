import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Locale } from '../../../common/locales';
import { type InitialData, seedQueries } from '../api/initial-data';
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
  /** Rendering longer than this gives up (the page is then served without its painted body). */
  timeoutMs: number;
};

export type RenderedPage = {
  /** The markup that goes inside the root element. */
  html: string;
  /** antd's styles for the components in that markup, as <style> tags for the head. */
  styles: string;
};

const handler = createStaticHandler(routes);

/**
 * Renders a public page to HTML the way the browser's first render will draw it: same routes, same seeded
 * query cache, same texts, as an anonymous visitor. Waits for every lazy page and component (prerender), so
 * the markup is complete. Returns null for what the browser app must decide itself (a redirect).
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  await loadMessages(request.locale);
  const context = await handler.query(new Request(request.url));
  if (context instanceof Response) return null;
  const client = createQueryClient();
  seedQueries(client, request.queries);
  const router = createStaticRouter(handler.dataRoutes, context);
  const styleCache = createCache();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StyleProvider cache={styleCache}>
        <RenderedLocaleContext.Provider value={request.locale}>
          <QueryClientProvider client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </QueryClientProvider>
        </RenderedLocaleContext.Provider>
      </StyleProvider>
    </StrictMode>,
    // Every boundary inline: no inline script may run under the site's CSP, and the page is complete anyway.
    { signal: AbortSignal.timeout(request.timeoutMs), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  // Bytes are joined before decoding: a character may be split between two chunks.
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  client.clear();
  return { html: Buffer.concat(chunks).toString('utf8'), styles: extractStyle(styleCache) };
}
