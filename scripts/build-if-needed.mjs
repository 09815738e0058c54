// What `npm start` and `npm run cli` share: build a workspace when its output is
// missing or older than its sources, quietly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `output` (relative to the root) is missing or older than a file of `sources`. */
export function needsBuild(output, sources) {
  const file = path.join(root, output);
  if (!existsSync(file)) return true;
  const built = statSync(file).mtimeMs;
  return sources.some((dir) => newestMtime(path.join(root, dir)) > built);
}

/**
 * Builds a workspace with its report kept back: a person starting the app needs to
 * know that it was built, not each file's size (`npm run build` shows them). What the
 * tools say on stderr (their warnings) is shown; a failed build shows everything.
 */
export function build(workspace) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error(`Cannot build ${workspace}.`);
    process.exit(result.status ?? 1);
  }
  if (result.stderr) process.stderr.write(result.stderr);
}

/** The server bundle (the server and the CLI), built when its sources changed. */
export function serverNeedsBuild() {
  return needsBuild('apps/server/dist/main.js', ['apps/server/src', 'packages/shared/src']);
}
