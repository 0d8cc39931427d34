import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles: a cycle makes a module's load order, and so what is defined when it runs,
 * depend on who imported it first. Type-only and dynamic imports count too: a cycle of types still ties
 * two modules' designs together (the one through context.ts and services/media/ was of types).
 */
const root = path.resolve(import.meta.dirname, '..');

describe('import cycles', () => {
  it.each(['server/src/**/*.ts', 'common/**/*.ts', 'web/src/**/*.{ts,tsx}'])('none among %s', async (files) => {
    const tree = await parseDependencyTree(files, { cwd: root, context: root, transform: false, skipDynamicImports: false });
    expect(Object.keys(tree).length).toBeGreaterThan(20); // the glob found the files
    expect(parseCircular(tree).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
