import path from 'node:path';
import { buildFile } from './build-file';

/** Marker in web/index.html where the server writes the page's <head> tags. */
export const HEAD_MARKER = '<!--app-head-->';
/** The app's root element in web/index.html; the page's <noscript> content is written right after it. */
const ROOT_ELEMENT = '<div id="root"></div>';

const FALLBACK = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">${HEAD_MARKER}</head><body><p>The web app is not built yet: run <code>npm run build</code>.</p></body></html>`;

/**
 * The built SPA shell, read again after a new build (build-file.ts). A missing build still serves a page
 * that says what to do rather than a bare 500.
 */
export function loadTemplate(webDir: string, checkMs?: number): () => string {
  return buildFile(path.join(webDir, 'index.html'), (text) => text ?? FALLBACK, checkMs);
}

/** Writes `content` after the app's root element (or at the start of the body of a shell without one, the unbuilt fallback). */
export function insertAfterRoot(html: string, content: string): string {
  // Function replacements: `$` sequences in stored titles must stay literal.
  if (html.includes(ROOT_ELEMENT)) return html.replace(ROOT_ELEMENT, () => `${ROOT_ELEMENT}\n    ${content}`);
  return html.replace(/<body[^>]*>/, (body) => `${body}${content}`);
}

/** Puts the server-painted markup into the root element, which names the locale it was painted in (the browser hydrates only in that one). */
export function fillRoot(html: string, locale: string, markup: string): string {
  return html.replace(ROOT_ELEMENT, () => `<div id="root" data-ssr="${locale}">${markup}</div>`);
}

/** The file that starts the app on a painted page (web/public/start-app.js). */
export const START_APP_SCRIPT = '/dist/start-app.js';

/**
 * A painted page needs no script for its first screen: the app's module and its preloads leave the head, and
 * a small deferred script (START_APP_SCRIPT) fetches them once the first screen has arrived, so on a slow line
 * they do not compete with the stylesheets and the first images. Only the head is touched: the painted body
 * stays as rendered. A head without the module script (an unbuilt app) is left as it is.
 */
export function startAppAfterPaint(html: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  let head = html.slice(0, end);
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/.exec(head);
  if (!entry) return html;
  const preloads: string[] = [];
  head = head.replace(/\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  const starter = `<script defer src="${START_APP_SCRIPT}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`;
  head = head.replace(entry[0], () => starter);
  return head + html.slice(end);
}
