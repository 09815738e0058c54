// `npm start`: builds whatever is not built yet (or older than its sources),
// then runs the server in the foreground.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newestMtime(path.join(root, dir)) > built);
}

function build(workspace) {
  console.log(`building ${workspace} ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (
  needsBuild(path.join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'packages/shared/src'])
) {
  build('@adboard/web');
}
if (
  needsBuild(path.join(root, 'apps/server/dist/main.js'), [
    'apps/server/src',
    'packages/shared/src',
  ])
) {
  build('@adboard/server');
}

// Runs in this process, so a signal to `npm start` reaches the server itself.
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
