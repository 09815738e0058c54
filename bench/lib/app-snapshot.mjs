// A copy of the built app (server bundle and web dist) for a bench that loads the
// web app in a browser: a build elsewhere during the run (it empties apps/web/dist)
// would otherwise leave the measured pages asking for chunks that are gone.
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './run.mjs';
import { root } from './server.mjs';

/** Every file the web build's manifest names: all there, or the copy caught a build midway. */
function missingAssets(webDist) {
  const manifestFile = path.join(webDist, '.vite/manifest.json');
  if (!existsSync(path.join(webDist, 'index.html')) || !existsSync(manifestFile)) {
    return ['index.html or .vite/manifest.json'];
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const files = Object.values(manifest).flatMap((chunk) => [
    chunk.file,
    ...(chunk.css ?? []),
    ...(chunk.assets ?? []),
  ]);
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  files.push(...[...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
  return files.filter((file) => !existsSync(path.join(webDist, file)));
}

/**
 * Copies apps/server/dist and apps/web/dist into a temporary tree laid out as the
 * repository is (the server finds the web app beside it), its node_modules linked
 * to the repository's. Retries for up to two minutes while a build is under way.
 * Answers `{ dir, entry }`: remove `dir` when done; start the server from `entry`.
 */
export async function snapshotApp() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-app-'));
  const deadline = Date.now() + 120_000;
  for (;;) {
    await fs.rm(path.join(dir, 'apps'), { recursive: true, force: true });
    await fs.mkdir(path.join(dir, 'apps/server'), { recursive: true });
    try {
      await fs.cp(path.join(root, 'apps/server/dist'), path.join(dir, 'apps/server/dist'), {
        recursive: true,
      });
      await fs.cp(path.join(root, 'apps/web/dist'), path.join(dir, 'apps/web/dist'), {
        recursive: true,
      });
      const missing = missingAssets(path.join(dir, 'apps/web/dist'));
      if (missing.length === 0 && existsSync(path.join(dir, 'apps/server/dist/main.js'))) break;
      if (Date.now() > deadline) {
        throw new Error(`the web build is incomplete: ${missing.slice(0, 5).join(', ')}`);
      }
    } catch (error) {
      // A file removed while being copied: a build is under way.
      if (error.code !== 'ENOENT' || Date.now() > deadline) throw error;
    }
    console.log('  a build is under way; copying the app again in 5 s ...');
    await sleep(5_000);
  }
  await fs.copyFile(
    path.join(root, 'apps/server/package.json'),
    path.join(dir, 'apps/server/package.json'),
  );
  await fs.symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  if (existsSync(path.join(root, 'apps/server/node_modules'))) {
    await fs.symlink(
      path.join(root, 'apps/server/node_modules'),
      path.join(dir, 'apps/server/node_modules'),
    );
  }
  return { dir, entry: path.join(dir, 'apps/server/dist/main.js') };
}
