// A TypeScript module of the repository, bundled with esbuild and imported: the
// benches ask the sources for a rule (a site, a photo width) rather than copy it.
import path from 'node:path';
import { root } from './server.mjs';

export async function importSource(file) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(root, file)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
