import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The README promises Node 20.19: every package the lock file installs (production and development) must
 * accept it, so `npm install` prints no engine warning and nothing fails at run time on the promised Node.
 */
const root = path.resolve(import.meta.dirname, '..');
const promised = semver.minVersion(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node);

type LockPackage = { version?: string; engines?: { node?: string } | string[]; optional?: boolean };

describe('Node version', () => {
  it('every locked package accepts the Node version the README promises', () => {
    expect(promised?.version).toBe('20.19.0');
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
    const refusing = Object.entries(lock.packages)
      .filter(([name, p]) => name !== '' && !Array.isArray(p.engines) && p.engines?.node)
      .filter(([, p]) => !semver.satisfies(promised as semver.SemVer, (p.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
