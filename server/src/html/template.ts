import path from 'node:path';
import { buildFile } from './build-file';

/** Marker in web/index.html where the server writes the page's <head> tags. */
export const HEAD_MARKER = '<!--app-head-->';

const FALLBACK = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">${HEAD_MARKER}</head><body><p>The web app is not built yet: run <code>npm run build</code>.</p></body></html>`;

/**
 * The built SPA shell, read again after a new build (build-file.ts). A missing build still serves a page
 * that says what to do rather than a bare 500.
 */
export function loadTemplate(webDir: string, checkMs?: number): () => string {
  return buildFile(path.join(webDir, 'index.html'), (text) => text ?? FALLBACK, checkMs);
}
