import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockEntry {
  engines?: { node?: string } | string[];
}

/**
 * The product runs on the Node version it names (README, `engines`): every
 * installed package must support it, or `npm install` warns and the package may
 * break (issue 15: content-disposition@3 and cookie@2 asked for Node 22).
 */
describe('the Node version the project names', () => {
  const pkg = readJson('package.json') as { engines: { node: string } };
  const oldest = semver.minVersion(pkg.engines.node);

  it('is Node 20, as the README says', () => {
    expect(oldest?.major).toBe(20);
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('Node 20');
  });

  it('is supported by every package the lock file installs', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
    const unsupported = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && oldest && !semver.satisfies(oldest, range) ? [`${name} (${range})`] : [];
    });
    expect(unsupported).toEqual([]);
  });
});
