import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../common/locales';
import identity from '../server/src/db/seed/content/identity.json' with { type: 'json' };

const ROOT = path.resolve(import.meta.dirname, '..');
/** Product code and texts; the demo seed is the one place the demo organiser may be named (and tests may quote it). */
const PRODUCT = ['common', 'web/src', 'server/src'];
const ALLOWED = [path.join('server', 'src', 'db', 'seed') + path.sep];
const TEXT_FILE = /\.(ts|tsx|json|css|html|md)$/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return files(full);
    return TEXT_FILE.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

describe('the demo organiser lives in the demo seed alone', () => {
  // Its company and its contest's name, in every locale: a real contest's site must never show them.
  const names = SUPPORTED_LOCALES.flatMap((l) => [identity.i18n[l].organiser, identity.i18n[l].siteName]);

  it('names the demo company and contest in three locales', () => {
    expect(new Set(names).size).toBe(6);
  });

  it('no product file outside db/seed names them', () => {
    const offenders: string[] = [];
    for (const root of PRODUCT)
      for (const file of files(path.join(ROOT, root))) {
        const rel = path.relative(ROOT, file);
        if (ALLOWED.some((a) => rel.startsWith(a))) continue;
        const text = fs.readFileSync(file, 'utf8');
        for (const name of names) if (text.includes(name)) offenders.push(`${rel}: ${name}`);
      }
    expect(offenders).toEqual([]);
  });
});
