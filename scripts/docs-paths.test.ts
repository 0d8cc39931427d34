import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The docs a newcomer reads; every file or folder they name in backticks must be there. */
const DOCS = ['README.md', 'docs/ARCHITECTURE.md', 'docs/CODE_STYLE.md', 'docs/performance.md'];
/** ARCHITECTURE.md is read in one sitting: it stays short, and its lines stay readable in a diff. */
const ARCHITECTURE_MAX_CHARS = 16_000;
const LINE_MAX_CHARS = 220;

/** Folders the docs name without their root ("services/gallery/votes.ts" for server/src/services/...). */
const SHORT_FORM_ROOTS = ['', 'server/src/', 'server/src/db/', 'web/src/', 'server/', 'web/'];
/** Made by a build or a run, not kept in the repository. */
const GENERATED = /^(build|data|node_modules|dist)\//;
const SOURCE_FILE = /^[\w.-]+\.(ts|tsx|mjs|css|html|conf|service|example)$/;

function repoEntries(dir: string, rel = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name === 'node_modules' || d.name === 'build' || d.name.startsWith('.')) return [];
    const relPath = rel ? `${rel}/${d.name}` : d.name;
    return d.isDirectory() ? [relPath, ...repoEntries(path.join(dir, d.name), relPath)] : [relPath];
  });
}

const entries = repoEntries(ROOT);
const fileNames = new Set(entries.map((e) => e.split('/').at(-1)));
/** First segments a doc's path may start with: the repository's top folders and those of the short-form roots. */
const firstSegments = new Set(
  SHORT_FORM_ROOTS.flatMap((root) => {
    const dir = path.join(ROOT, root);
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name)
      : [];
  }),
);

/** Backticked tokens that name a file or folder of the repository (globs, placeholders and URLs are not). */
function namedPaths(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const token = (match[1] ?? '').trim().replace(/^\.\//, '');
    if (!/^[\w.@/-]+$/.test(token) || token.startsWith('/') || GENERATED.test(token)) continue;
    const first = token.split('/')[0] ?? '';
    if (token.includes('/') ? firstSegments.has(first) : SOURCE_FILE.test(token)) out.push(token);
  }
  return [...new Set(out)];
}

function exists(token: string): boolean {
  if (!token.includes('/')) return fileNames.has(token);
  const bare = token.replace(/\/$/, '');
  return SHORT_FORM_ROOTS.some((root) => fs.existsSync(path.join(ROOT, root, bare)));
}

describe('the docs name paths that exist', () => {
  it.each(DOCS)('%s', (doc) => {
    const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
    const paths = namedPaths(text);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });
});

describe('ARCHITECTURE.md stays a ten-minute read', () => {
  const text = fs.readFileSync(path.join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');

  it(`has at most ${ARCHITECTURE_MAX_CHARS} characters`, () => {
    expect([...text].length).toBeLessThanOrEqual(ARCHITECTURE_MAX_CHARS);
  });

  it(`has no line over ${LINE_MAX_CHARS} characters`, () => {
    const long = text.split('\n').flatMap((line, i) => ([...line].length > LINE_MAX_CHARS ? [`line ${i + 1}: ${[...line].length}`] : []));
    expect(long).toEqual([]);
  });
});
