import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '../../../common/locales';

/** One query answer as the page's data block carries it (the browser seeds its cache with the same). */
export type SeededQuery = { key: unknown[]; data: unknown; stale?: boolean };
/** A public API read made for the renderer: its `data`, or null when it failed. */
export type ApiReader = (path: string) => Promise<{ data: unknown } | null>;
/** The painted markup, antd's styles for it, the reads the render added to `queries`, and whether every read answered. */
export type RenderedPage = { html: string; styles: string; queries: SeededQuery[]; complete: boolean };
type RenderModule = {
  renderPage(request: { url: string; locale: Locale; queries: SeededQuery[]; readApi: ApiReader; timeoutMs: number }): Promise<RenderedPage | null>;
};

/** A page taking longer than this to render is served without its painted body (the browser app still draws it). */
const RENDER_TIMEOUT_MS = 3000;
/** Pages waiting for the renderer beyond this many are served unpainted at once: a burst never queues up CPU work. */
const MAX_WAITING = 16;
/** How often the renderer file's mtime is looked at. */
const CHECK_MS = 1000;

export type PageRenderer = (url: string, locale: Locale, queries: SeededQuery[], readApi: ApiReader) => Promise<RenderedPage | null>;

/**
 * The server's page renderer: the browser app's own routes and components, built by Vite next to the web
 * build (`<web dir>/../ssr/render.js`). It paints a public page to HTML so the first screen shows before any
 * script has run, and works without JavaScript. Without the file (the app not built yet), or when a render
 * fails, the page is served as before: an empty root the browser app fills, with a no-JavaScript copy.
 * The renderer is loaded once: a module graph cannot be swapped inside a running process, so after a new
 * build pages go out unpainted until the restart (painted by the old build, they would not match the new
 * browser app).
 * Renders run one at a time: each is a few milliseconds of CPU, the answers are cached per path and locale,
 * and the renderer's texts and locale are process-wide.
 */
export function loadPageRenderer(webDir: string, warn: (err: unknown) => void): PageRenderer {
  const file = path.resolve(webDir, '../ssr/render.js');
  let loaded: { version: string; module: Promise<RenderModule | null> } | null = null;
  let checkedAt = 0;
  let outdated = false;
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  function module(): Promise<RenderModule | null> {
    const now = Date.now();
    if (loaded && now - checkedAt < CHECK_MS) return loaded.module;
    checkedAt = now;
    let version = 'missing';
    try {
      const stat = fs.statSync(file);
      version = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      // not built: pages go out unpainted
    }
    if (!loaded || (loaded.version === 'missing' && version !== 'missing')) {
      // First sight of the file (at start, or after the first build): nothing of it is loaded yet.
      const imported =
        version === 'missing'
          ? Promise.resolve(null)
          : (import(pathToFileURL(file).href) as Promise<RenderModule>).catch((err: unknown) => {
              warn(err);
              return null;
            });
      loaded = { version, module: imported };
    } else if (loaded.version !== version && !outdated) {
      outdated = true;
      warn(new Error('The page renderer was rebuilt: pages are served unpainted until the server restarts'));
      loaded = { version, module: Promise.resolve(null) };
    }
    return loaded.module;
  }

  return async (url, locale, queries, readApi) => {
    const renderer = await module();
    if (!renderer || waiting >= MAX_WAITING) return null;
    waiting++;
    const turn = queue.then(() => renderer.renderPage({ url, locale, queries, readApi, timeoutMs: RENDER_TIMEOUT_MS }));
    queue = turn.catch(() => undefined);
    try {
      return await turn;
    } catch (err) {
      warn(err);
      return null;
    } finally {
      waiting--;
    }
  };
}
