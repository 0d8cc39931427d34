import path from 'node:path';
import { escapeHtml } from '../../../common/html-escape';
import type { Locale } from '../../../common/locales';
import { pageFilesFor } from '../../../common/page-files';
import { buildFile } from './build-file';

/** One chunk of Vite's build manifest (build/web/.vite/manifest.json, `build.manifest` in vite.config.ts). */
type ManifestChunk = { file: string; name?: string; src?: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Assets under this prefix (vite.config.ts `base`). */
const BASE = '/dist/';

export type PageAssets = { scripts: string[]; styles: string[] };

/**
 * Without hints the browser finds a page's own chunk only after the shell has run, and its texts only
 * after React has mounted: three round trips before anything shows on a phone. From the manifest we know
 * both up front, so the HTML names them and they download alongside the shell.
 */
export function loadPageAssets(webDir: string, checkMs?: number): (routePath: string, locale: Locale) => PageAssets {
  const cache = new Map<string, PageAssets>();
  const empty: PageAssets = { scripts: [], styles: [] };
  let cachedFor: Manifest | null = null;
  // Read again after a new build (build-file.ts); not built: no hints, the app still works.
  const read = buildFile(
    path.join(webDir, '.vite', 'manifest.json'),
    (text) => {
      try {
        return text ? (JSON.parse(text) as Manifest) : null;
      } catch {
        return null;
      }
    },
    checkMs,
  );

  return (routePath, locale) => {
    const m = read();
    if (m !== cachedFor) {
      cache.clear(); // a new build: new chunk names
      cachedFor = m;
    }
    const key = `${routePath}\u0000${locale}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const entry = m?.['index.html'];
    if (!m || !entry) return empty;

    const visit = (start: string[], seen: Set<string>) => {
      const stack = [...start];
      while (stack.length) {
        const k = stack.pop() as string;
        if (seen.has(k) || !m[k]) continue;
        seen.add(k);
        stack.push(...(m[k].imports ?? []));
      }
      return seen;
    };
    // What index.html loads already (its script, modulepreloads and stylesheet).
    const shell = visit(['index.html'], new Set());
    const shellCss = new Set([...shell].flatMap((k) => m[k]?.css ?? []));
    // The locale's texts: the shell's dynamic imports named after the locale (one chunk per area file).
    const texts = [...shell].flatMap((k) => m[k]?.dynamicImports ?? []).filter((k) => m[k]?.name === locale);
    const page = visit([...pageFilesFor(routePath).filter((f) => m[f]), ...texts], new Set());
    for (const k of shell) page.delete(k);

    const out: PageAssets = {
      scripts: [...page].map((k) => `${BASE}${m[k]?.file}`),
      styles: [...new Set([...page].flatMap((k) => m[k]?.css ?? []))].filter((c) => !shellCss.has(c)).map((c) => `${BASE}${c}`),
    };
    cache.set(key, out);
    return out;
  };
}

/**
 * <link> tags for the head; `crossorigin` as Vite writes it, so the preloaded bytes are the ones used. The
 * page's own styles are applied at once (the server paints the page: its markup must not show unstyled, nor
 * move when they arrive); the browser app's loader finds them there and does not add them again.
 */
export function renderPreloads(assets: PageAssets): string {
  return [
    ...assets.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    ...assets.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ].join('\n    ');
}
