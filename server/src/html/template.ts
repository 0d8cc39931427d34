import fs from 'node:fs';
import path from 'node:path';

/** Marker in web/index.html where the server writes the page's <head> tags. */
export const HEAD_MARKER = '<!--app-head-->';

const FALLBACK = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">${HEAD_MARKER}</head><body><p>The web app is not built yet: run <code>npm run build</code>.</p></body></html>`;

/**
 * The built SPA shell. Read once and kept: it only changes with a new build, which means a restart.
 * A missing build still serves a page that says what to do rather than a bare 500.
 */
export function loadTemplate(webDir: string): () => string {
  let cached: string | undefined;
  return () => {
    if (cached !== undefined) return cached;
    const file = path.join(webDir, 'index.html');
    cached = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : FALLBACK;
    return cached;
  };
}
