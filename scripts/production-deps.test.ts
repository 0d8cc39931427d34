import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * A production install has only `dependencies` (`npm ci --omit=dev` after `npm run build`): the server, the
 * worker and the operator's commands (admin, migrate, backup) must import nothing else. esbuild follows
 * every import from their entry points, as the server build does, and names the packages they reach.
 */
const root = path.resolve(import.meta.dirname, '..');
const ENTRY_POINTS = ['server/src/main.ts', 'server/src/cli/worker.ts', 'server/src/cli/admin.ts', 'server/src/cli/migrate.ts', 'server/src/cli/backup.ts'];

const packageName = (specifier: string): string =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);

describe('production install', () => {
  it('the server, the worker and the operator commands import only production dependencies', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ENTRY_POINTS,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      outdir: 'out',
      logLevel: 'silent',
    });
    const reached = new Set<string>();
    for (const input of Object.values(result.metafile.inputs))
      for (const imp of input.imports)
        if (imp.external && !imp.path.startsWith('node:') && !builtinModules.includes(imp.path)) reached.add(packageName(imp.path));
    expect(reached.size).toBeGreaterThan(10);
    expect([...reached].filter((name) => !Object.hasOwn(pkg.dependencies, name)).sort()).toEqual([]);
  });
});
