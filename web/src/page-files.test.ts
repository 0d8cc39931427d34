import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_FILES, SECTION_LAYOUT_FILES } from '../../common/page-files';
import { PAGE_ROUTES } from '../../common/routes';

/**
 * The server preloads a page's chunks by the file names in common/page-files.ts; the router imports the
 * pages by literal paths in routes.tsx. A page added to one list and not the other would silently lose
 * its preload, so the two are compared here.
 */
const WEB = path.resolve(import.meta.dirname, '..');
const source = fs.readFileSync(path.join(WEB, 'src/routes.tsx'), 'utf8');

function importsIn(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/['"]?([\w/:]+)['"]?\s*:\s*\(\)\s*=>\s*import\(\s*'\.\/([^']+)'\s*\)/g)) {
    out[m[1] as string] = `src/${m[2]}.tsx`;
  }
  return out;
}

describe('page files', () => {
  it('match the pages routes.tsx imports, one per route', () => {
    const pagesBlock = source.slice(source.indexOf('const PAGES'), source.indexOf('const SECTION_LAYOUTS'));
    expect(importsIn(pagesBlock)).toEqual(PAGE_FILES);
    expect(Object.keys(PAGE_FILES).sort()).toEqual(PAGE_ROUTES.map((r) => r.path).sort());
  });

  it('match the section layouts routes.tsx imports', () => {
    const layoutsBlock = source.slice(source.indexOf('const SECTION_LAYOUTS'), source.indexOf('function withTimeout'));
    expect(importsIn(layoutsBlock)).toEqual(SECTION_LAYOUT_FILES);
  });

  it('name files that exist', () => {
    for (const file of [...Object.values(PAGE_FILES), ...Object.values(SECTION_LAYOUT_FILES)]) expect(fs.existsSync(path.join(WEB, file)), file).toBe(true);
  });
});
