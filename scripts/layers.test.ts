import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers the code is built in, checked on every file: route handlers stay thin (they call services, never
 * the database's repositories), services hold the rules without HTTP (no Fastify, no route modules), SQL is
 * written only under server/src/db, the shared code in common/ reaches neither side, and neither side reaches
 * into the other.
 */
const root = path.resolve(import.meta.dirname, '..');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(rel));
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** Every module a file imports (static, dynamic and type-only), resolved to a repository path when relative. */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  const specs = [...source.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)].map(
    (m) => (m[1] ?? m[2]) as string,
  );
  return specs.map((s) => (s.startsWith('.') ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), s)) : s));
}

/** The files under `dir` that break `rule`, each with what it imported or wrote. */
function offenders(dir: string, rule: (file: string, imports: string[], source: string) => string[]): string[] {
  return filesUnder(dir).flatMap((file) => rule(file, importsOf(file), fs.readFileSync(path.join(root, file), 'utf8')).map((what) => `${file}: ${what}`));
}

const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql`/;

describe('layers', () => {
  it('route handlers call services, not repositories', () => {
    expect(offenders('server/src/routes', (_f, imports) => imports.filter((i) => i.startsWith('server/src/db/repos')))).toEqual([]);
  });

  it('services hold no HTTP: no Fastify, no route modules', () => {
    expect(
      offenders('server/src/services', (_f, imports) =>
        imports.filter((i) => i === 'fastify' || i.startsWith('@fastify/') || i.startsWith('server/src/routes')),
      ),
    ).toEqual([]);
  });

  it('SQL is written only under server/src/db', () => {
    const outside = ['server/src/routes', 'server/src/services', 'server/src/plugins', 'server/src/html', 'server/src/mail', 'server/src/cli'];
    expect(outside.flatMap((dir) => offenders(dir, (_f, _i, source) => (SQL.test(source) ? ['writes SQL'] : [])))).toEqual([]);
  });

  it('common/ imports neither the server nor the web app', () => {
    expect(offenders('common', (_f, imports) => imports.filter((i) => i.startsWith('server/') || i.startsWith('web/')))).toEqual([]);
  });

  it('the web app does not import the server, and the server imports no React', () => {
    expect(offenders('web/src', (_f, imports) => imports.filter((i) => i.startsWith('server/')))).toEqual([]);
    expect(offenders('server/src', (_f, imports) => imports.filter((i) => i === 'react' || i === 'antd' || i.startsWith('web/')))).toEqual([]);
  });

  it('finds the imports it checks (a rule over no files proves nothing)', () => {
    expect(filesUnder('server/src/routes').length).toBeGreaterThan(10);
    expect(importsOf('server/src/routes/gallery/index.ts').some((i) => i.startsWith('server/src/services/gallery'))).toBe(true);
  });
});
